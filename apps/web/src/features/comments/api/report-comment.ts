import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

/** `comments-report`: flags a comment for the moderators (the reason is empty, as in the spec). */
export function reportComment(commentId: string) {
  return callFunction('comments-report', { commentId, reason: '' });
}

export function useReportComment() {
  return useMutation({ mutationFn: reportComment });
}
