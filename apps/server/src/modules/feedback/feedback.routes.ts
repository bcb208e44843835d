import { implement } from '../../lib/functions';
import type { FeedbackService } from './feedback.service';

export const feedbackFunctions = (feedback: FeedbackService) =>
  implement({
    'feedback-submit': (input, { user }) => feedback.submit(input, user?.id ?? null),
    'admin-feedback-list': (input) => feedback.list(input),
  });
