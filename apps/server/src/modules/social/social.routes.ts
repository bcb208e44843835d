import { implement } from '../../lib/functions';
import type { SocialService } from './social.service';

export const socialFunctions = (social: SocialService) =>
  implement({
    'social-like-toggle': ({ itemId, liked }, { user }) => social.toggleLike(user.id, itemId, liked),
    'social-bookmark-toggle': ({ itemId, saved }, { user }) => social.toggleBookmark(user.id, itemId, saved),
    'saves-list': (_input, { user }) => social.saves(user.id),
  });
