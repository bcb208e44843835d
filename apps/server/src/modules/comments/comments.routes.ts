import {
  commentIdInputSchema,
  commentsCreateInputSchema,
  commentsListInputSchema,
  commentsReportInputSchema,
  mentionsSearchInputSchema,
} from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { CommentsService } from './comments.service';

export const commentsFunctions = (comments: CommentsService) => [
  defineFunction({
    name: 'comments-list',
    read: true,
    auth: 'optional',
    input: commentsListInputSchema,
    handler: (input, { user }) => comments.list(input, user?.id ?? null),
  }),
  defineFunction({
    name: 'comments-create',
    auth: 'required',
    input: commentsCreateInputSchema,
    handler: (input, { user }) => comments.create(user.id, input),
  }),
  defineFunction({
    name: 'comments-delete',
    auth: 'required',
    input: commentIdInputSchema,
    handler: ({ commentId }, { user }) => comments.delete(user.id, commentId),
  }),
  defineFunction({
    name: 'comments-report',
    auth: 'required',
    input: commentsReportInputSchema,
    handler: (input, { user }) => comments.report(user.id, input),
  }),
  defineFunction({
    name: 'mentions-search',
    read: true,
    auth: 'optional',
    input: mentionsSearchInputSchema,
    handler: ({ q }) => comments.mentionSearch(q),
  }),
];
