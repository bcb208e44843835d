import { z } from 'zod';
import { settingsUpdateInputSchema } from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { SettingsService } from './settings.service';

export const settingsFunctions = (settings: SettingsService) => [
  defineFunction({
    name: 'settings-get',
    read: true,
    auth: 'required',
    input: z.object({}).passthrough(),
    handler: (_input, { user }) => settings.get(user.id),
  }),
  defineFunction({
    name: 'settings-update',
    auth: 'required',
    input: settingsUpdateInputSchema,
    handler: (input, { user }) => settings.update(user.id, input),
  }),
];
