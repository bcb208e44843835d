import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

/** `comments-report`: flags a comment for the moderators (the reason is empty, as in the spec). */
export const COMMENTS_REPORT = 'comments-report';

export function reportComment(commentId: string) {
  return callFunction<{ reportId: string }>(COMMENTS_REPORT, { commentId, reason: '' });
}

export function useReportComment() {
  return useMutation({ mutationFn: reportComment });
}
