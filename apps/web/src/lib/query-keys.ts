/** Query keys: one function per domain, so invalidation is predictable. */
export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
};

export const siteKeys = {
  all: ['site'] as const,
  settings: () => [...siteKeys.all, 'settings'] as const,
};

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  byHandle: (handle: string) => [...profileKeys.all, 'handle', handle] as const,
  follows: (handle: string, kind: string) => [...profileKeys.all, 'follows', handle, kind] as const,
};

export const shelfKeys = {
  all: ['shelf'] as const,
  mine: () => [...shelfKeys.all, 'mine'] as const,
};

export const exploreKeys = {
  all: ['explore'] as const,
  list: (params: Record<string, unknown>) => [...exploreKeys.all, 'list', params] as const,
  feed: (params: Record<string, unknown>) => [...exploreKeys.all, 'feed', params] as const,
  topTags: (timeRange: string) => [...exploreKeys.all, 'top-tags', timeRange] as const,
  /** The home feed (its cards are explore cards: likes and saves patch them too). */
  following: () => [...exploreKeys.all, 'following'] as const,
  /** Search's result pages: their items are explore cards, kept under explore's keys so that a like or a save patches them too. */
  search: (q: string, type: string) => [...exploreKeys.all, 'search', q, type] as const,
};

/** Tag pages, suggestions of people, and one's mutes. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  tag: (tag: string) => [...discoveryKeys.all, 'tag', tag] as const,
  suggest: () => [...discoveryKeys.all, 'suggest'] as const,
  mutes: () => [...discoveryKeys.all, 'mutes'] as const,
};

export const searchKeys = {
  all: ['search'] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q] as const,
};

export const itemKeys = {
  all: ['item'] as const,
  detail: (itemId: string) => [...itemKeys.all, itemId] as const,
};

export const commentKeys = {
  all: ['comments'] as const,
  list: (itemId: string) => [...commentKeys.all, 'list', itemId] as const,
  mentions: (q: string) => [...commentKeys.all, 'mentions', q] as const,
};

export const wantedKeys = {
  all: ['wanted'] as const,
  /** A person's list by handle, or the caller's own (`null`). */
  list: (handle: string | null) => [...wantedKeys.all, 'list', handle] as const,
};

export const savesKeys = {
  all: ['saves'] as const,
  list: () => [...savesKeys.all, 'list'] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  mine: () => [...settingsKeys.all, 'mine'] as const,
};

export const creditKeys = {
  all: ['credits'] as const,
  balance: () => [...creditKeys.all, 'balance'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  unseenCount: () => [...notificationKeys.all, 'unseen-count'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  threads: () => [...messageKeys.all, 'threads'] as const,
  thread: (threadId: string) => [...messageKeys.all, 'thread', threadId] as const,
  recipients: (q: string) => [...messageKeys.all, 'recipients', q] as const,
};

export const insightsKeys = {
  all: ['insights'] as const,
  summary: () => [...insightsKeys.all, 'summary'] as const,
};

export const collectionKeys = {
  all: ['collection'] as const,
  list: () => [...collectionKeys.all, 'list'] as const,
  importStatus: (jobId: string) => [...collectionKeys.all, 'import', jobId] as const,
};
