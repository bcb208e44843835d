import { implement } from '../../lib/functions';
import type { ProfilesService } from './profiles.service';

export const profilesFunctions = (profiles: ProfilesService) =>
  implement({
    'profile-me': (_input, { user }) => profiles.me(user.id),
    'onboarding-complete': (input, { user }) => profiles.completeOnboarding(user.id, input),
    'profile-get': (input, { user }) => profiles.get(input.handle, user?.id ?? null),
    'profile-update': (input, { user }) => profiles.update(user.id, input),
    'profile-handle-change': (input, { user }) => profiles.changeHandle(user.id, input.handle),
  });
