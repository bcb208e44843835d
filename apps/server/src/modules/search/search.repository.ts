import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TAG_COUNT_CAP } from '@curio/contract';
import { pgBool, rowsOf, textArray } from '../../db/rows';
import { textArraySql } from '../../db/sql-values';
import type { Executor } from '../../db/types';
import { blockedWithSql, itemVisibleAlone, notMutedSql, profileVisibleTo } from '../../db/visibility';
import type { SearchQuery } from './search-query';

/** Who is searching: their id (null for a guest) and whether they asked to see NSFW items. */
export interface Searcher {
  id: string | null;
  includeNsfw: boolean;
}

/**
 * The one place search composes the visibility rules of src/db/visibility.ts for items (over
 * `items i`, without its owner's profile: `itemVisibleAlone`, `itemVisibleTo` read as one hashed probe
 * per candidate, for a common word matches thousands): an item this viewer may see, with a
 * chosen image, NSFW only when they asked for it, never one of a person they have a block with,
 * either way, and none the viewer muted (its owner or one of its tags). A new rule for what a viewer's lists
 * leave out joins here.
 */
export function searchableItems(viewer: Searcher): SQL {
  return sql`${itemVisibleAlone('i', viewer.id)} and i.chosen_composite_id is not null
    ${viewer.includeNsfw ? sql`` : sql`and not i.nsfw`}
    ${viewer.id ? sql`and i.user_id not in (${blockedWithSql(viewer.id)}) and ${notMutedSql(viewer.id, 'i')}` : sql``}`;
}

/**
 * The one place search composes the visibility rules for people (over `profiles p`): a profile this
 * viewer may find (`profileVisibleTo`: public and not hidden, or their own), and nobody they have a
 * block with, either way.
 */
export function searchablePeople(viewer: Searcher): SQL {
  return sql`${profileVisibleTo('p', viewer.id)} ${viewer.id ? sql`and p.user_id not in (${blockedWithSql(viewer.id)})` : sql``}`;
}

/** The item's maker, line or character is this text (lower case already), as explore's fact filters match. */
const factIs = (text: string): SQL => sql`(lower(i.maker) = ${text} or lower(i.line) = ${text} or lower(i.character_name) = ${text})`;

/** `%` and `_` (and the escape itself) taken literally in a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/**
 * How a word is matched. `exact`: the text holds it (the better matches); `typo`: a word of the text is
 * similar to it (pg_trgm's `<%`, word similarity 0.6: prefixes and small typos), for what `exact` leaves out.
 */
type Mode = 'exact' | 'typo';
/**
 * `held`: whether the text holds the word, as `exact` tells, without what only serves an index: a test of a row
 * already found (a CJK word's grams cost a function call a row; `strpos` alone decides).
 */
type Test = Mode | 'held';

/**
 * One word of the query found in a text column, served by an index:
 * - CJK: the column's unigrams and bigrams (search_cjk_grams) hold the word's, and the text holds the word;
 * - Latin, three characters or more: the text holds it (ILIKE, through the trigram index), or with `typo`
 *   a word of the text is similar to it;
 * - two characters: a word of the text starts with it (its trigrams "  x" and " xy" are two of its three);
 * - one character: a word of the text starts with it (no index narrows that; the first found are ranked).
 */
function wordIn(column: SQL, word: SearchQuery['words'][number], mode: Test): SQL {
  if (word.cjk && mode === 'held') return sql`strpos(lower(${column}), ${word.text}) > 0`;
  if (word.cjk) return sql`(search_cjk_grams(${column}) @> ${textArraySql(word.grams)} and strpos(lower(${column}), ${word.text}) > 0)`;
  if (word.text.length >= 3) return mode === 'typo' ? sql`${word.text} <% ${column}` : sql`${column} ilike ${`%${likeEscape(word.text)}%`}`;
  if (word.text.length === 2) return sql`${word.text} <% ${column}`;
  return sql`(${column} ilike ${`${likeEscape(word.text)}%`} or ${column} ilike ${`% ${likeEscape(word.text)}%`})`;
}
/** Every word of the query found in the column. */
const allWordsIn = (column: SQL, q: SearchQuery, mode: Test): SQL =>
  sql`(${sql.join(
    q.words.map((w) => wordIn(column, w, mode)),
    sql` and `,
  )})`;

/**
 * The tags of the dictionary that match the whole query, best first: the tag itself (0), a tag that
 * starts with it (1), one that holds it (2), one with a similar word (3, a typo).
 */
function matchingTags(q: SearchQuery): SQL {
  const t = q.text;
  const similar = !q.hasCjk && t.length >= 2 ? sql`or ${t} <% st.tag` : sql``;
  return sql`
    select st.tag,
      case when lower(st.tag) = ${t} then 0 when lower(st.tag) like ${`${likeEscape(t)}%`} then 1 when strpos(lower(st.tag), ${t}) > 0 then 2 else 3 end as tier,
      ${q.hasCjk ? sql`0::real` : sql`word_similarity(${t}, st.tag)`} as sim
    from search_tags st
    where st.tag ilike ${`%${likeEscape(t)}%`} ${similar}`;
}

/** The tags an item may match by (the best of the dictionary's matches). */
const ITEM_TAGS = 20;
/**
 * How many candidates one statement ranks. A query that matches more (a common word on a big site) is
 * ranked within the newest window of time that holds a full page (RECENT_WINDOWS), so that no statement
 * reads more than this many rows of items.
 */
export const SEARCH_CANDIDATES = 2000;
const RECENT_WINDOWS = ['7 days', '30 days', '365 days'] as const;
/** Matches in the past week that mark a word as common (a fiftieth of the candidates: over a year, more than all of them). */
const COMMON_WEEK = SEARCH_CANDIDATES / 50;

/** A page of results: how many to skip, and how many to read. */
export interface Page {
  offset: number;
  limit: number;
}

/** One ranked statement's answer: the page's ids, and how many candidates it found (up to SEARCH_CANDIDATES + 1). */
interface Ranked {
  ids: string[];
  found: number;
}
const rankedOf = (rows: { found: number | string; ids: string[] | string | null }[]): Ranked => ({
  ids: textArray(rows[0]?.ids),
  found: Number(rows[0]?.found ?? 0),
});

/** The statements search runs (the benchmark explains them too). */
export const searchQueries = {
  /**
   * The items the viewer may see that match, best first: every word in the title (0); a tag that
   * matches the query, or a maker, line or character that is the query (1); with `typo`, only the
   * titles that match with small typos (2) and nothing else; then newest, each like counting as some
   * more days (score: days since 1970 + 3·ln(1 + likes)).
   * At most SEARCH_CANDIDATES + 1 candidates (`found` says how many), created within `since` when given.
   */
  items(q: SearchQuery, viewer: Searcher, page: Page, opts: { mode: Mode; since?: string | null } = { mode: 'exact' }): SQL {
    const exact = allWordsIn(sql`i.title`, q, 'exact');
    const held = allWordsIn(sql`i.title`, q, 'held');
    const tagged = sql`i.tags && (select tags from tag_hits)`;
    // A fact that is the query (maker, line or character, any letter case: the indexes of explore's fact filters
    // serve it). An unset fact makes it null, not false: `not` takes it through coalesce.
    const fact = factIs(q.text);
    const where = (match: SQL) => sql`${match} and ${searchableItems(viewer)}
          ${opts.since ? sql`and i.created_at > now() - ${opts.since}::interval` : sql``}`;
    // The facts' matches are a branch of their own, and so are a Chinese word's title and tag matches: each branch is
    // served by its index (and, in a window, that index and the creation date's together); a later branch leaves out
    // what an earlier one found. In one OR, PostgreSQL gave up the title's index for a scan of every item of the
    // window (84 ms instead of 13 for "gundam" in a week), and tested a Chinese word's grams again on every row it
    // read (a function call a row). A Latin word's title and tags stay together: apart, each branch read the
    // hidden profiles again.
    const branch = (tier: SQL, match: SQL) =>
      sql`(select i.id, i.created_at, ${tier} as tier from items i where ${where(match)} limit ${SEARCH_CANDIDATES + 1})`;
    const titleOrTag = q.hasCjk
      ? sql`${branch(sql`0`, exact)} union all ${branch(sql`1`, sql`${tagged} and not ${held}`)}`
      : branch(sql`case when ${held} then 0 else 1 end`, sql`(${exact} or ${tagged})`);
    const candidates =
      opts.mode === 'exact'
        ? sql`select * from (
            ${titleOrTag}
            union all ${branch(sql`1`, sql`${fact} and not coalesce(${held} or ${tagged}, false)`)}
          ) u`
        : sql`select * from ${branch(sql`2`, sql`${allWordsIn(sql`i.title`, q, 'typo')} and not ${held} and not coalesce(${tagged} or ${fact}, false)`)} u`;
    return sql`
      with tag_hits as materialized (
        select coalesce(array_agg(m.tag), '{}'::text[]) as tags
        from (${matchingTags(q)} order by tier, sim desc, tag limit ${ITEM_TAGS}) m
      ),
      cand as materialized (${candidates} limit ${SEARCH_CANDIDATES + 1})
      select (select count(*) from cand)::int as found, array(
        select c.id::text from cand c left join item_stats s on s.item_id = c.id
        order by c.tier, extract(epoch from c.created_at) / 86400 + 3 * ln(1 + coalesce(s.like_count, 0)) desc, c.id desc
        limit ${page.limit} offset ${page.offset}
      ) as ids`;
  },

  /**
   * The people the viewer may find that match, best first: the handle itself (0), a handle that starts
   * with the query (1), every word in the display name (2); with `typo`, only a similar handle or display
   * name (3: a word of it similar, or, from four characters, the whole handle as similar as pg_trgm's
   * `%` measures it, 0.3, which forgives a swapped letter); then the most followed. The handle itself
   * is always a candidate; at most SEARCH_CANDIDATES + 1 others.
   */
  people(q: SearchQuery, viewer: Searcher, page: Page, opts: { mode: Mode } = { mode: 'exact' }): SQL {
    const h = q.handle;
    const handleLike = h ? sql`p.handle like ${`${likeEscape(h)}%`}` : sql`false`;
    const exact = sql`(${handleLike} or ${allWordsIn(sql`p.display_name`, q, 'exact')})`;
    const similarHandle = h && h.length >= 2 ? sql`${h} <% p.handle ${h.length >= 4 ? sql`or ${h} % p.handle` : sql``}` : sql`false`;
    const match = opts.mode === 'exact' ? exact : sql`((${similarHandle} or ${allWordsIn(sql`p.display_name`, q, 'typo')}) and not ${exact})`;
    const tier = opts.mode === 'exact' ? sql`case when p.handle = ${h ?? ''} then 0 when ${handleLike} then 1 else 2 end` : sql`3`;
    return sql`
      with cand as materialized (
        (select p.user_id, 0 as tier from profiles p where ${opts.mode === 'exact' && h ? sql`p.handle = ${h}` : sql`false`} and ${searchablePeople(viewer)})
        union
        (select p.user_id, ${tier} as tier from profiles p where ${match} and ${searchablePeople(viewer)} limit ${SEARCH_CANDIDATES + 1})
      )
      select (select count(*) from cand)::int as found, array(
        select c.user_id from cand c join profiles p on p.user_id = c.user_id left join profile_stats ps on ps.user_id = c.user_id
        order by c.tier, coalesce(ps.followers_count, 0) desc, p.handle
        limit ${page.limit} offset ${page.offset}
      ) as ids`;
  },

  /** The tags that match, best first, each with its count of the items the viewer may see (up to the cap). */
  tags(q: SearchQuery, viewer: Searcher, page: Page): SQL {
    return sql`
      with m as (${matchingTags(q)} order by tier, sim desc, tag limit ${page.limit} offset ${page.offset})
      select m.tag, (
        select count(*) from (
          select 1 from items i
          where i.tags @> array[m.tag]::text[] and ${searchableItems(viewer)}
          limit ${SEARCH_TAG_COUNT_CAP}
        ) c)::int as count
      from m
      order by m.tier, m.sim desc, m.tag`;
  },
};

export function searchRepository(db: Executor) {
  const ranked = async (query: SQL) => rankedOf(rowsOf<{ found: number | string; ids: string[] | string | null }>(await db.execute(query)));

  /**
   * One phase of the items' ranking: over every candidate when they are at most SEARCH_CANDIDATES; for a
   * query that matches more (a common word on a big site), within the newest window that holds the page,
   * so that only the most recent are ranked. The past week is asked first: when it alone fills the page
   * and holds more than COMMON_WEEK matches, the word is common and its answer stands, without reading
   * SEARCH_CANDIDATES rows only to learn that.
   */
  async function itemsPhase(q: SearchQuery, viewer: Searcher, page: Page, mode: Mode): Promise<Ranked> {
    const needed = page.offset + page.limit;
    const [week, ...wider] = RECENT_WINDOWS;
    const recent = await ranked(searchQueries.items(q, viewer, page, { mode, since: week }));
    if (recent.found >= needed && recent.found > COMMON_WEEK) return recent;
    const all = await ranked(searchQueries.items(q, viewer, page, { mode }));
    if (all.found <= SEARCH_CANDIDATES) return all;
    for (const since of wider) {
      const window = await ranked(searchQueries.items(q, viewer, page, { mode, since }));
      if (window.found >= needed) return window;
    }
    return all;
  }

  /** Fills a page from the exact matches, then from the typos after them (the typos are read only when the exact ones run out). */
  async function twoPhases(page: Page, phase: (page: Page, mode: Mode) => Promise<Ranked>, typos = true): Promise<string[]> {
    const exact = await phase(page, 'exact');
    if (!typos || exact.ids.length >= page.limit || exact.found > SEARCH_CANDIDATES) return exact.ids;
    const fuzzy = await phase({ offset: Math.max(0, page.offset - exact.found), limit: page.limit - exact.ids.length }, 'typo');
    return [...exact.ids, ...fuzzy.ids];
  }

  return {
    /** Whether the viewer asked to see NSFW items (settings; false when they never chose). */
    async includeNsfw(viewerId: string): Promise<boolean> {
      const [row] = rowsOf<{ on: unknown }>(await db.execute(sql`select include_nsfw as on from user_settings where user_id = ${viewerId}`));
      return pgBool(row?.on);
    },

    /** Ids of the items the viewer may see that match, best first (see `searchQueries.items`). */
    items(q: SearchQuery, viewer: Searcher, page: Page): Promise<string[]> {
      return twoPhases(page, (p, mode) => itemsPhase(q, viewer, p, mode));
    },

    /**
     * Ids of the people the viewer may find that match, best first (see `searchQueries.people`); without
     * `typos`, only the exact matches (the few shown beside items, where a typo's people would cost a statement more).
     */
    people(q: SearchQuery, viewer: Searcher, page: Page, opts: { typos?: boolean } = {}): Promise<string[]> {
      return twoPhases(page, (p, mode) => ranked(searchQueries.people(q, viewer, p, { mode })), opts.typos ?? true);
    },

    /**
     * Tags that match, best first (see `matchingTags`, then the closest), each with how many items the
     * viewer may see carry it, counted up to SEARCH_TAG_COUNT_CAP; a tag no such item carries is left
     * out (so a page may hold fewer than `limit`). `more`: the dictionary has further matches.
     */
    async tags(q: SearchQuery, viewer: Searcher, page: Page): Promise<{ tags: { tag: string; count: number }[]; more: boolean }> {
      const rows = rowsOf<{ tag: string; count: number | string }>(
        await db.execute(searchQueries.tags(q, viewer, { offset: page.offset, limit: page.limit + 1 })),
      );
      const more = rows.length > page.limit;
      const tags = rows
        .slice(0, page.limit)
        .map((r) => ({ tag: r.tag, count: Number(r.count) }))
        .filter((r) => r.count > 0);
      return { tags, more };
    },
  };
}
