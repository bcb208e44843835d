import { implement } from '../../lib/functions';
import type { ItemPagesService } from './item-pages.service';

export const itemPagesFunctions = (pages: ItemPagesService) =>
  implement({
    'item-get': ({ itemId }, { user }) => pages.get(itemId, user?.id ?? null),
    'items-update': (input, { user }) => pages.update(user.id, input),
    'items-delete': ({ itemId }, { user }) => pages.delete(user.id, itemId),
  });
