import { implement } from '../../lib/functions';
import type { MessagesService } from './messages.service';

export const messagesFunctions = (messages: MessagesService) =>
  implement({
    'dm-thread-upsert': (input, { user }) => messages.upsert(user.id, input.otherUserId),
    'dm-threads-list': (input, { user }) => messages.threads(user.id, input),
    'dm-messages-list': (input, { user }) => messages.messages(user.id, input),
    'dm-send': (input, { user }) => messages.send(user.id, input),
    'dm-mark-read': (input, { user }) => messages.markRead(user.id, input.threadId),
    'dm-report': (input, { user }) => messages.report(user.id, input),
    'dm-recipients-search': (input, { user }) => messages.recipients(user.id, input.q),
  });
