import { implement } from '../../lib/functions';
import type { DiscoveryService } from './discovery.service';

export const discoveryFunctions = (discovery: DiscoveryService) =>
  implement({
    'feed-list': (input, { user }) => discovery.feed(user.id, input),
    'people-suggest': (input, { user }) => discovery.suggest(user.id, input),
    'tag-get': (input, { user }) => discovery.tag(input.tag, user?.id ?? null),
    'tags-follow-toggle': (input, { user }) => discovery.toggleTagFollow(user.id, input.tag, input.following),
    'tags-followed-list': (_input, { user }) => discovery.followedTags(user.id),
    'mutes-toggle': (input, { user }) => discovery.toggleMute(user.id, input),
    'mutes-list': (_input, { user }) => discovery.mutes(user.id),
  });
