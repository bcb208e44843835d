import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { settingsKeys } from '@/lib/query-keys';

export type { UserSettings } from '@curio/contract';

/** `settings-get`: the signed-in user's privacy settings. */
export function getSettings(signal?: AbortSignal) {
  return callFunction('settings-get', undefined, { method: 'GET', signal });
}

export function useSettings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: settingsKeys.mine(), queryFn: ({ signal }) => getSettings(signal), enabled, staleTime: 60_000 });
}
