import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { FunctionOutput } from '@curio/contract';
import { SHELF_CARD, shelfCardAlt, shelfCardContent, shelfCardPath, shelfCardTags, shelfCardVersion, type ShelfCardContent } from './shelf-card';
import { renderShelfCard } from './shelf-card.render';

type ProfileGet = FunctionOutput<'profile-get'>;
type Placed = { id: string; title: string; imageId: string; altText: string | null; nsfw: boolean; col: number; row: number };

const item = (n: number, col: number, row: number, extra: Partial<Placed> = {}): Placed => ({
  id: `item-${n}`,
  title: `Piece ${n}`,
  imageId: `img-${n}`,
  altText: null,
  nsfw: false,
  col,
  row,
  ...extra,
});

function profile(placed: Placed[], opts: { name?: string; handle?: string; cols?: number; rows?: number; overflow?: Placed[] } = {}): ProfileGet {
  return {
    access: 'visible',
    profile: {
      userId: 'u1',
      handle: opts.handle ?? 'alex',
      displayName: opts.name ?? 'Alex',
      avatarImageId: null,
      bio: null,
      public: true,
      followersCount: 0,
      followingCount: 0,
    },
    viewer: { signedIn: false, isOwner: false, following: false, followsYou: false, blocking: false, canMessage: false },
    shelf: { layout: { cols: opts.cols ?? 6, rows: opts.rows ?? 3 }, placed, overflow: opts.overflow ?? [] },
  };
}

describe('what a shelf’s preview shows', () => {
  it('shows the placed items in their cells, without NSFW ones, the grid cut to the occupied rows and columns', () => {
    const content = shelfCardContent(profile([item(1, 2, 1), item(2, 4, 2), item(3, 3, 1, { nsfw: true }), item(4, 5, 0, { nsfw: true })]))!;
    expect(content.cells.map((c) => c.imageId)).toEqual(['img-1', 'img-2']);
    // Columns 2–4 and rows 1–2 of the grid, as arranged.
    expect(content).toMatchObject({
      cols: 3,
      rows: 2,
      cells: [
        { col: 0, row: 0 },
        { col: 2, row: 1 },
      ],
    });
  });

  it('leaves out the overflow, items outside the layout and a second item in a taken cell', () => {
    const content = shelfCardContent(profile([item(1, 0, 0), item(2, 0, 0), item(3, 9, 0), item(4, 1, 5)], { cols: 6, rows: 3, overflow: [item(5, 0, 0)] }))!;
    expect(content.cells.map((c) => c.imageId)).toEqual(['img-1']);
    expect(content).toMatchObject({ cols: 1, rows: 1 });
  });

  it('is an empty card for a shelf with nothing a guest may see on its grid, and nothing for a private profile', () => {
    expect(shelfCardContent(profile([item(1, 0, 0, { nsfw: true })]))).toEqual({ handle: 'alex', displayName: 'Alex', cols: 0, rows: 0, cells: [] });
    expect(shelfCardContent({ access: 'private', handle: 'alex' })).toBeNull();
    expect(shelfCardTags({ access: 'private', handle: 'alex' }, { publicUrl: 'https://curio.test', appName: 'Curio', lng: 'en' })).toEqual([]);
  });
});

describe('the version in the preview’s address', () => {
  const base = [item(1, 0, 0), item(2, 1, 0)];
  const version = (p: ProfileGet) => shelfCardVersion(shelfCardContent(p)!);

  it('changes with the arrangement, a chosen image, the name, the handle and an item’s NSFW mark', () => {
    const before = version(profile(base));
    const changed = [
      profile([item(1, 0, 0), item(2, 2, 0)]),
      profile([item(1, 0, 0), item(2, 1, 0, { imageId: 'img-2b' })]),
      profile(base, { name: 'Alexandra' }),
      profile(base, { handle: 'alex2' }),
      profile([item(1, 0, 0), item(2, 1, 0, { nsfw: true })]),
    ].map(version);
    for (const v of changed) expect(v).not.toBe(before);
    // An item marked NSFW leaves the picture: the same picture as without it.
    expect(changed.at(-1)).toBe(version(profile([item(1, 0, 0)])));
  });

  it('stays with what the picture does not show: titles, the overflow, empty rows and columns around the items', () => {
    const before = version(profile(base));
    expect(version(profile([item(1, 0, 0, { title: 'Renamed' }), item(2, 1, 0)]))).toBe(before);
    expect(version(profile(base, { overflow: [item(9, 0, 0)] }))).toBe(before);
    expect(version(profile(base, { cols: 12, rows: 6 }))).toBe(before);
    expect(version(profile([item(1, 2, 1), item(2, 3, 1)]))).toBe(before);
  });

  it('is 16 hex digits in a path under /s/shelf', () => {
    const content = shelfCardContent(profile(base))!;
    expect(shelfCardPath(content)).toMatch(/^\/s\/shelf\/alex\/[0-9a-f]{16}\.png$/);
  });
});

describe('the profile page’s preview tags', () => {
  it('name the picture with its size, type and a description in the page’s language', () => {
    const p = profile([item(1, 0, 0), item(2, 1, 0)], { name: 'Ada "A" <Lovelace>' });
    const content = shelfCardContent(p)!;
    const tags = shelfCardTags(p, { publicUrl: 'https://curio.test', appName: 'Curio', lng: 'en' }).join('\n');
    expect(tags).toContain(`<meta property="og:image" content="https://curio.test${shelfCardPath(content)}">`);
    expect(tags).toContain('<meta property="og:image:width" content="1200">');
    expect(tags).toContain('<meta property="og:image:height" content="630">');
    expect(tags).toContain('<meta property="og:image:type" content="image/png">');
    expect(tags).toContain('<meta property="og:image:alt" content="Ada &quot;A&quot; &lt;Lovelace&gt;&#39;s shelf on Curio: 2 items">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(tags).toContain('<meta property="og:url" content="https://curio.test/u/alex">');
    const zh = shelfCardTags(p, { publicUrl: 'https://curio.test', appName: 'Curio', lng: 'zh-CN' }).join('\n');
    expect(zh).toContain('<meta property="og:image:alt" content="Ada &quot;A&quot; &lt;Lovelace&gt;在 Curio 的展柜：2 件藏品">');
  });

  it('count one item, and say so of an empty shelf', () => {
    const one = shelfCardContent(profile([item(1, 0, 0)]))!;
    const none = shelfCardContent(profile([]))!;
    expect(shelfCardAlt(one, 'en', 'Curio')).toBe("Alex's shelf on Curio: 1 item");
    expect(shelfCardAlt(none, 'en', 'Curio')).toBe("Alex's shelf on Curio: nothing on display yet");
    expect(shelfCardAlt(none, 'zh-CN', 'Curio')).toBe('Alex在 Curio 的展柜：还没有摆上藏品');
  });
});

describe('the picture', () => {
  const thumb = (hue: number) =>
    sharp({ create: { width: 384, height: 480, channels: 3, background: { r: 40 + hue, g: 90, b: 150 } } })
      .webp()
      .toBuffer();
  const content = (cells: ShelfCardContent['cells'], cols: number, rows: number, displayName = 'Alex'): ShelfCardContent => ({
    handle: 'alex',
    displayName,
    cols,
    rows,
    cells,
  });

  it('is a 1200 × 630 PNG drawn from the item images asked for, the same bytes each time', async () => {
    const asked: string[] = [];
    const image = async (id: string) => {
      asked.push(id);
      return id === 'gone' ? null : thumb(Number(id.slice(4)) * 10);
    };
    const cells = Array.from({ length: 14 }, (_, i) => ({ imageId: `img-${i}`, col: i % 6, row: Math.floor(i / 6) }));
    cells[3] = { imageId: 'gone', col: 3, row: 0 };
    const c = content(cells, 6, 3, '王小明的收藏');
    const png = await renderShelfCard(c, { appName: 'Curio', image });
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: SHELF_CARD.width, height: SHELF_CARD.height });
    expect(asked.sort()).toEqual(cells.map((cell) => cell.imageId).sort());
    expect((await renderShelfCard(c, { appName: 'Curio', image })).equals(png)).toBe(true);
  });

  it('is a card of the name and the mark for an empty shelf, without asking for images', async () => {
    const png = await renderShelfCard(content([], 0, 0), {
      appName: 'Curio',
      image: () => {
        throw new Error('no image is asked for');
      },
    });
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });
});
