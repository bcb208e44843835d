import { implement } from '../../lib/functions';
import type { CommentsService } from './comments.service';

export const commentsFunctions = (comments: CommentsService) =>
  implement({
    'comments-list': (input, { user }) => comments.list(input, user?.id ?? null),
    'comments-create': (input, { user }) => comments.create(user.id, input),
    'comments-delete': ({ commentId }, { user }) => comments.delete(user.id, commentId),
    'comments-report': (input, { user }) => comments.report(user.id, input),
    'mentions-search': ({ q }, { user }) => comments.mentionSearch(q, user.id),
  });
