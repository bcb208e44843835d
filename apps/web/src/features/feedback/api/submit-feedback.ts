import type { FeedbackSubmitInput } from '@curio/contract';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

export function useSubmitFeedback() {
  return useMutation({ mutationFn: (input: FeedbackSubmitInput) => callFunction('feedback-submit', input) });
}
