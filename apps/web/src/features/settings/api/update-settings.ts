import type { SettingsUpdate } from '@curio/contract';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

/** `settings-update`: changes some of the signed-in user's settings (only the fields sent). */
export function updateSettings(input: SettingsUpdate) {
  return callFunction('settings-update', input);
}

export function useUpdateSettings() {
  return useMutation({ mutationFn: updateSettings });
}
