import { implement } from '../../lib/functions';
import type { MfaService } from './mfa.service';

export const mfaFunctions = (mfa: MfaService) =>
  implement({
    'account-mfa-get': (_input, { user }) => mfa.get(user.id),
    'account-mfa-rename': (input, { user }) => mfa.rename(user.id, input.name),
  });
