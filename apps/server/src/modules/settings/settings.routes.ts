import { implement } from '../../lib/functions';
import type { SettingsService } from './settings.service';

export const settingsFunctions = (settings: SettingsService) =>
  implement({
    'settings-get': (_input, { user }) => settings.get(user.id),
    'settings-update': (input, { user }) => settings.update(user.id, input),
  });
