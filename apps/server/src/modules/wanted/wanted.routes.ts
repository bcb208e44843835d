import { implement } from '../../lib/functions';
import type { WantedService } from './wanted.service';

export const wantedFunctions = (wanted: WantedService) =>
  implement({
    'wanted-list': (input, { user }) => wanted.list(input, user?.id ?? null),
    'wanted-create': (input, { user }) => wanted.create(user.id, input),
    'wanted-update': (input, { user }) => wanted.update(user.id, input),
    'wanted-delete': ({ id }, { user }) => wanted.delete(user.id, id),
  });
