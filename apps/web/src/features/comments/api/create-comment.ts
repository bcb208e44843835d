import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { updateCommentPages } from './get-comments';

export type CreateCommentInput = { itemId: string; body: string };

/** `comments-create`: 400 with `fields.body` for an empty or too long comment, 429 rate_limited. */
export function createComment(input: CreateCommentInput) {
  return callFunction('comments-create', input);
}

/** Puts the new comment on top of the list and counts it. */
export function useCreateComment(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => createComment({ itemId, body }),
    onSuccess: ({ comment }) => {
      updateCommentPages(queryClient, itemId, (data) => ({
        ...data,
        pages: data.pages.map((page, i) =>
          i === 0
            ? { ...page, comments: [comment, ...page.comments.filter((c) => c.id !== comment.id)], totalCount: page.totalCount + 1 }
            : { ...page, totalCount: page.totalCount + 1 },
        ),
      }));
    },
  });
}
