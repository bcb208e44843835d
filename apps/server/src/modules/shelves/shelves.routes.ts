import { implement } from '../../lib/functions';
import type { ShelvesService } from './shelves.service';

export const shelvesFunctions = (shelves: ShelvesService) =>
  implement({
    'shelf-get': (_input, { user }) => shelves.getOwn(user.id),
    'shelf-move': async (input, { user }) => ({ arrangement: await shelves.move(user.id, input) }),
    'shelf-auto-arrange': ({ shelfId }, { user }) => shelves.autoArrange(user.id, shelfId),
    'shelf-apply': ({ shelfId, arrangements }, { user }) => shelves.apply(user.id, shelfId, arrangements),
    'shelf-resize': (layout, { user }) => shelves.resize(user.id, layout),
    'items-place': async ({ itemId }, { user }) => ({ arrangement: await shelves.place(user.id, itemId) }),
  });
