import { implement } from '../../lib/functions';
import type { ItemsService } from './items.service';

export const itemsFunctions = (items: ItemsService) =>
  implement({
    'items-create': (input, { user }) => items.create(user.id, input),
    'photos-add': (input, { user }) => items.addPhoto(user.id, input),
    'photos-update': (input, { user }) => items.updatePhoto(user.id, input),
    'photos-update-role': (input, { user }) => items.updatePhoto(user.id, input),
    'photos-delete': ({ imageId }, { user }) => items.deletePhoto(user.id, imageId),
    'photos-status': ({ itemId }, { user }) => items.photosStatus(user.id, itemId),
    'items-generate': (input, { user }) => items.generate(user.id, input),
    'items-choose': (input, { user }) => items.choose(user.id, input),
    'items-variants-list': ({ itemId }, { user }) => items.variants(user.id, itemId),
    'items-unfinished-list': (_input, { user }) => items.unfinished(user.id),
  });
