import { useQuery } from '@tanstack/react-query';
import { callFunction, isApiError } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';


export type ItemOwner = { userId: string; handle: string; displayName: string; public: boolean; avatarImageId: string | null };
export type ItemViewer = { signedIn: boolean; isOwner: boolean; isAdmin: boolean; liked: boolean; saved: boolean };
export type HiddenSource = 'dmca' | 'other';
export type ItemPhoto = { id: string; imageId: string; role: string };
export type ItemComposite = { id: string; imageId: string; style: string; variantNo: number; chosen: boolean };
export type ItemDetail = {
  id: string;
  title: string;
  tags: string[];
  nsfw: boolean;
  hidden: boolean;
  hiddenSource: HiddenSource | null;
  createdAt: string;
  chosenCompositeId: string | null;
  imageId: string | null;
  composites: ItemComposite[];
  photos: ItemPhoto[];
  counts: { likes: number; comments: number; saves: number; views: number };
};

export type ItemGetResult =
  | { access: 'visible'; item: ItemDetail; owner: ItemOwner; viewer: ItemViewer }
  | { access: 'removed'; item: { id: string; hidden: true; hiddenSource: HiddenSource }; owner: ItemOwner; viewer: ItemViewer }
  | { access: 'private'; item: null; owner: ItemOwner; viewer: ItemViewer };

export type VisibleItem = Extract<ItemGetResult, { access: 'visible' }>;

/** `item-get`: the item page's data, or why the viewer may not see it. 404 not_found when there is none. */
export function getItem(itemId: string, signal?: AbortSignal) {
  return callFunction('item-get', { itemId }, { method: 'GET', signal });
}

export function useItem(itemId: string) {
  return useQuery({
    queryKey: itemKeys.detail(itemId),
    queryFn: ({ signal }) => getItem(itemId, signal),
    // A missing item stays missing; other failures get one more try.
    retry: (count, error) => !(isApiError(error) && (error.status === 404 || error.status === 400)) && count < 1,
  });
}
