import { SETTINGS_DEBOUNCE_MS } from '@curio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDebouncedCallback } from '@/hooks/use-debounced-callback';
import { settingsKeys } from '@/lib/query-keys';
import { useSettings, type UserSettings } from '../api/get-settings';
import { useUpdateSettings } from '../api/update-settings';

/**
 * The signed-in viewer's "include NSFW" choice: read from settings-get, changed at once in the cache
 * and saved with settings-update `{includeNSFW}` once the box has been still for 500 ms.
 * `ready` is false until the saved value is known (always true for guests, who have none).
 */
export function useIncludeNsfwSetting({ signedIn, onSaveError }: { signedIn: boolean; onSaveError?: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  const settings = useSettings({ enabled: signedIn });
  const update = useUpdateSettings();
  const save = useDebouncedCallback((includeNSFW: boolean) => {
    update.mutate(
      { includeNSFW },
      {
        onError: (error) => {
          void queryClient.invalidateQueries({ queryKey: settingsKeys.mine() });
          onSaveError?.(error);
        },
      },
    );
  }, SETTINGS_DEBOUNCE_MS);

  const set = useCallback(
    (includeNSFW: boolean) => {
      if (!signedIn) return;
      queryClient.setQueryData<UserSettings>(settingsKeys.mine(), (data) =>
        data ? { ...data, settings: { ...data.settings, include_nsfw: includeNSFW } } : data,
      );
      save(includeNSFW);
    },
    [queryClient, save, signedIn],
  );

  return {
    value: signedIn ? (settings.data?.settings.include_nsfw ?? false) : false,
    ready: !signedIn || !settings.isPending,
    set,
  };
}
