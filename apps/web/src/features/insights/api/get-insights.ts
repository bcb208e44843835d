import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { insightsKeys } from '@/lib/query-keys';

/** `insights-summary`: profile and item views (7 and 30 days), the daily series and the top items. */
export function getInsights(signal?: AbortSignal) {
  return callFunction('insights-summary', undefined, { method: 'GET', signal });
}

export function useInsights() {
  return useQuery({ queryKey: insightsKeys.summary(), queryFn: ({ signal }) => getInsights(signal) });
}
