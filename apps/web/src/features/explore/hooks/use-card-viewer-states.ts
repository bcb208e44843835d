import { useQuery } from '@tanstack/react-query';
import { exploreKeys } from '@/lib/query-keys';
import type { ViewerStates } from '../utils/card-cache';

const EMPTY: ViewerStates = {};

/** The session's liked/saved marks on explore cards (written by the like and save toggles). */
export function useCardViewerStates(): ViewerStates {
  const { data } = useQuery({
    queryKey: exploreKeys.viewer(),
    queryFn: () => EMPTY,
    initialData: EMPTY,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data;
}
