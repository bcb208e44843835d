import { implement } from '../../lib/functions';
import type { FollowsService } from './follows.service';

export const followsFunctions = (follows: FollowsService) =>
  implement({
    'social-follow-toggle': (input, { user }) => follows.toggle(user.id, input.targetUserId, input.following),
    'follows-list': (input, { user }) => follows.list(user?.id ?? null, input),
  });
