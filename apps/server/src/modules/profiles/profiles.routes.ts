import { implement } from '../../lib/functions';
import type { ProfilesService } from './profiles.service';

export const profilesFunctions = (profiles: ProfilesService) =>
  implement({
    'profile-me': (_input, { user }) => profiles.me(user.id),
    'onboarding-complete': (input, { user }) => profiles.completeOnboarding(user.id, input),
  });
