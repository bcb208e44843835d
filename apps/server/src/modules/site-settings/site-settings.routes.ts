import { z } from 'zod';
import { adminSettingsUpdateSchema } from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { RolesService } from '../roles/roles.service';
import type { SiteSettingsService } from './site-settings.service';

export const siteSettingsFunctions = (settings: SiteSettingsService, roles: RolesService) => [
  defineFunction({
    name: 'public-site-settings',
    read: true,
    auth: 'optional',
    input: z.object({}).passthrough(),
    handler: () => settings.getPublic(),
  }),
  defineFunction({
    name: 'admin-settings-update',
    auth: 'required',
    input: adminSettingsUpdateSchema,
    handler: async (input, { user }) => {
      await roles.requireRole(user.id, 'admin');
      const s = await settings.update(input, user.id);
      return { settings: s };
    },
  }),
];
