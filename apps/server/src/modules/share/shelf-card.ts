import { createHash } from 'node:crypto';
import type { FunctionOutput, Language } from '@curio/contract';
import { htmlText } from '../../lib/html';

/**
 * A shelf's link preview (its OpenGraph image): what it shows, the version its address carries, and
 * the head tags of the profile page that name it. Pure: the drawing is shelf-card.render.ts, the
 * storing and serving shelf-card.service.ts.
 */

/** The picture's size and type: the 1.91:1 that link previews crop nothing of, as a PNG (every preview takes it). */
export const SHELF_CARD = { width: 1200, height: 630, type: 'image/png', ext: 'png' } as const;

/**
 * The drawing's own version: raised whenever shelf-card.render.ts draws differently, so that every
 * shelf gets a new address (and no cache keeps the old picture).
 */
const DRAWING = 1;

type ProfileGet = FunctionOutput<'profile-get'>;
export type VisibleProfile = Extract<ProfileGet, { access: 'visible' }>;

/** One item in the picture: its chosen image and its cell, counted from the top-left occupied corner. */
export interface ShelfCardCell {
  imageId: string;
  col: number;
  row: number;
}

/** Everything the picture is drawn from (and nothing else: its hash is the picture's version). */
export interface ShelfCardContent {
  handle: string;
  displayName: string;
  /** The columns and rows of the occupied part of the grid (0 for an empty shelf). */
  cols: number;
  rows: number;
  cells: ShelfCardCell[];
}

/**
 * What the picture shows of a profile as a guest sees it (hidden items are already left out of that):
 * the items placed on the grid, without NSFW ones, each in its cell (the first item of a cell wins, as
 * on the page), the grid cut to the rows and columns that hold any of them. Null for a profile a guest
 * may not see.
 */
export function shelfCardContent(profile: ProfileGet): ShelfCardContent | null {
  if (profile.access !== 'visible') return null;
  const { handle, displayName } = profile.profile;
  const shelf = profile.shelf;
  const taken = new Map<string, ShelfCardCell>();
  for (const item of shelf?.placed ?? []) {
    if (item.nsfw || !shelf) continue;
    if (item.col < 0 || item.row < 0 || item.col >= shelf.layout.cols || item.row >= shelf.layout.rows) continue;
    const key = `${item.col},${item.row}`;
    if (!taken.has(key)) taken.set(key, { imageId: item.imageId, col: item.col, row: item.row });
  }
  const placed = [...taken.values()];
  if (!placed.length) return { handle, displayName, cols: 0, rows: 0, cells: [] };
  const minCol = Math.min(...placed.map((c) => c.col));
  const minRow = Math.min(...placed.map((c) => c.row));
  const cells = placed.map((c) => ({ imageId: c.imageId, col: c.col - minCol, row: c.row - minRow })).sort((a, b) => a.row - b.row || a.col - b.col);
  return {
    handle,
    displayName,
    cols: Math.max(...cells.map((c) => c.col)) + 1,
    rows: Math.max(...cells.map((c) => c.row)) + 1,
    cells,
  };
}

/** The picture's version: a hash of what it is drawn from and of the drawing's version (16 hex digits). */
export function shelfCardVersion(content: ShelfCardContent): string {
  const drawn = [DRAWING, content.handle, content.displayName, content.cols, content.rows, content.cells.map((c) => [c.col, c.row, c.imageId])];
  return createHash('sha256').update(JSON.stringify(drawn)).digest('hex').slice(0, 16);
}

/** A version as the address carries it. */
export const SHELF_CARD_VERSION = /^[0-9a-f]{16}$/;

/** Where a person's shelf pictures are kept in the image store (one object per version). */
export const shelfCardsFolder = (userId: string) => `share-cards/${userId}`;

/** The picture's path: `/s/shelf/{handle}/{version}.png`. */
export const shelfCardPath = (content: ShelfCardContent) => `/s/shelf/${encodeURIComponent(content.handle)}/${shelfCardVersion(content)}.${SHELF_CARD.ext}`;

/** The words of the profile's preview, in each language of the app (kept here: the server writes the head). */
const WORDS: Record<
  Language,
  {
    title(name: string, handle: string): string;
    description(name: string, handle: string, appName: string): string;
    alt(name: string, appName: string, count: number): string;
  }
> = {
  en: {
    title: (name, handle) => `${name} (@${handle})`,
    description: (name, handle, appName) => `The shelf of ${name} (@${handle}) at ${appName}: their collection, on display.`,
    alt: (name, appName, count) => `${name}'s shelf on ${appName}: ${count === 0 ? 'nothing on display yet' : count === 1 ? '1 item' : `${count} items`}`,
  },
  'zh-CN': {
    title: (name, handle) => `${name}（@${handle}）`,
    description: (name, handle, appName) => `${name}（@${handle}）在 ${appName} 的展柜：陈列中的收藏。`,
    alt: (name, appName, count) => `${name}在 ${appName} 的展柜：${count === 0 ? '还没有摆上藏品' : `${count} 件藏品`}`,
  },
};

/** The picture described for those who cannot see it ("Alex's shelf on Curio: 12 items"). */
export const shelfCardAlt = (content: ShelfCardContent, lng: Language, appName: string) => WORDS[lng].alt(content.displayName, appName, content.cells.length);

/**
 * The head tags of a profile's page that make a pasted link show the shelf: OpenGraph (title,
 * description, address, and the picture with its size, type and description in the page's language)
 * and Twitter's large card. None for a profile a guest may not see.
 */
export function shelfCardTags(profile: ProfileGet, opts: { publicUrl: string; appName: string; lng: Language }): string[] {
  const content = shelfCardContent(profile);
  if (!content) return [];
  const words = WORDS[opts.lng];
  const title = words.title(content.displayName, content.handle);
  const description = words.description(content.displayName, content.handle, opts.appName);
  const image = `${opts.publicUrl}${shelfCardPath(content)}`;
  const alt = shelfCardAlt(content, opts.lng, opts.appName);
  return [
    htmlText`<meta property="og:site_name" content="${opts.appName}">`,
    htmlText`<meta property="og:type" content="profile">`,
    htmlText`<meta property="og:title" content="${title}">`,
    htmlText`<meta property="og:description" content="${description}">`,
    htmlText`<meta property="og:url" content="${opts.publicUrl}/u/${encodeURIComponent(content.handle)}">`,
    htmlText`<meta property="og:image" content="${image}">`,
    htmlText`<meta property="og:image:width" content="${SHELF_CARD.width}">`,
    htmlText`<meta property="og:image:height" content="${SHELF_CARD.height}">`,
    htmlText`<meta property="og:image:type" content="${SHELF_CARD.type}">`,
    htmlText`<meta property="og:image:alt" content="${alt}">`,
    htmlText`<meta name="twitter:card" content="summary_large_image">`,
    htmlText`<meta name="twitter:title" content="${title}">`,
    htmlText`<meta name="twitter:description" content="${description}">`,
    htmlText`<meta name="twitter:image" content="${image}">`,
    htmlText`<meta name="twitter:image:alt" content="${alt}">`,
  ];
}
