import {
  itemsChooseInputSchema,
  itemsCreateInputSchema,
  itemsGenerateInputSchema,
  photosAddInputSchema,
  photosDeleteInputSchema,
  photosUpdateRoleInputSchema,
} from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { ItemsService } from './items.service';

export const itemsFunctions = (items: ItemsService) => [
  defineFunction({
    name: 'items-create',
    auth: 'required',
    input: itemsCreateInputSchema,
    handler: (input, { user }) => items.create(user.id, input),
  }),
  defineFunction({
    name: 'photos-add',
    auth: 'required',
    input: photosAddInputSchema,
    handler: (input, { user }) => items.addPhoto(user.id, input),
  }),
  defineFunction({
    name: 'photos-update-role',
    auth: 'required',
    input: photosUpdateRoleInputSchema,
    handler: (input, { user }) => items.updatePhotoRole(user.id, input),
  }),
  defineFunction({
    name: 'photos-delete',
    auth: 'required',
    input: photosDeleteInputSchema,
    handler: ({ imageId }, { user }) => items.deletePhoto(user.id, imageId),
  }),
  defineFunction({
    name: 'items-generate',
    auth: 'required',
    input: itemsGenerateInputSchema,
    handler: (input, { user }) => items.generate(user.id, input),
  }),
  defineFunction({
    name: 'items-choose',
    auth: 'required',
    input: itemsChooseInputSchema,
    handler: (input, { user }) => items.choose(user.id, input),
  }),
];
