import { implement } from '../../lib/functions';
import type { CreditsService } from './credits.service';

export const creditsFunctions = (credits: CreditsService) =>
  implement({
    'get-credit-balance': async (_input, { user }) => credits.summary(user.id),
  });
