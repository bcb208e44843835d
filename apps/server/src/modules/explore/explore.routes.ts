import { exploreListInputSchema, exploreTopTagsInputSchema } from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { ExploreService } from './explore.service';

export const exploreFunctions = (explore: ExploreService) => [
  defineFunction({
    name: 'explore-list',
    read: true,
    auth: 'optional',
    input: exploreListInputSchema,
    handler: (input) => explore.list(input),
  }),
  defineFunction({
    name: 'explore-top-tags',
    read: true,
    auth: 'optional',
    input: exploreTopTagsInputSchema,
    handler: (input) => explore.topTags(input),
  }),
];
