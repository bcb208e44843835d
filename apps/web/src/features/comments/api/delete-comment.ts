import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { updateCommentPages } from './get-comments';

/** `comments-delete`: by the comment's author or the item's owner. */
export function deleteComment(commentId: string) {
  return callFunction('comments-delete', { commentId });
}

export function useDeleteComment(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_data, commentId) => {
      updateCommentPages(queryClient, itemId, (data) => ({
        ...data,
        pages: data.pages.map((page) => ({ ...page, comments: page.comments.filter((c) => c.id !== commentId), totalCount: Math.max(0, page.totalCount - 1) })),
      }));
    },
  });
}
