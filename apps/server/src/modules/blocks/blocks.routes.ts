import { implement } from '../../lib/functions';
import type { BlocksService } from './blocks.service';

export const blocksFunctions = (blocks: BlocksService) =>
  implement({
    'user-block-toggle': (input, { user }) => blocks.toggle(user.id, input.targetUserId, input.blocked),
  });
