import { implement } from '../../lib/functions';
import type { SiteSettingsService } from './site-settings.service';

export const siteSettingsFunctions = (settings: SiteSettingsService) =>
  implement({
    'public-site-settings': () => settings.getPublic(),
    'admin-settings-get': async () => ({ settings: await settings.get() }),
    'admin-settings-update': async (input, { user }) => ({ settings: await settings.update(input, user.id) }),
  });
