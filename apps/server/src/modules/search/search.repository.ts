import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TAG_COUNT_CAP } from '@curio/contract';
import { rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';
import { blockedWithSql, itemVisibleAlone, profileVisibleTo } from '../../db/visibility';
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
 * chosen image, NSFW only when they asked for it, and never one of a person they have a block with,
 * either way. A new rule for what a viewer's lists leave out joins here.
 */
export function searchableItems(viewer: Searcher): SQL {
  return sql`${itemVisibleAlone('i', viewer.id)} and i.chosen_composite_id is not null
    ${viewer.includeNsfw ? sql`` : sql`and not i.nsfw`}
    ${viewer.id ? sql`and i.user_id not in (${blockedWithSql(viewer.id)})` : sql``}`;
}

/**
 * The one place search composes the visibility rules for people (over `profiles p`): a profile this
 * viewer may find (`profileVisibleTo`: public and not hidden, or their own), and nobody they have a
 * block with, either way.
 */
export function searchablePeople(viewer: Searcher): SQL {
  return sql`${profileVisibleTo('p', viewer.id)} ${viewer.id ? sql`and p.user_id not in (${blockedWithSql(viewer.id)})` : sql``}`;
}

/** `%` and `_` (and the escape itself) taken literally in a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const textArray = (values: readonly string[]): SQL =>
  values.length
    ? sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/**
 * One word of the query found in a text column, served by an index:
 * - CJK: the column's unigrams and bigrams (search_cjk_grams) hold the word's, and the text holds the word;
 * - Latin, three characters or more: a word of the text is similar to it (pg_trgm's `<%`: prefixes and
 *   small typos), or the text holds it (ILIKE, through the same trigram index);
 * - two characters: a word of the text starts with it (its trigrams "  x" and " xy" are two of three);
 * - one character: a word of the text starts with it (no index can narrow that: the recency order does).
 */
function wordIn(column: SQL, word: SearchQuery['words'][number]): SQL {
  if (word.cjk) return sql`(search_cjk_grams(${column}) @> ${textArray(word.grams)} and strpos(lower(${column}), ${word.text}) > 0)`;
  if (word.text.length >= 3) return sql`(${word.text} <% ${column} or ${column} ilike ${`%${likeEscape(word.text)}%`})`;
  if (word.text.length === 2) return sql`${word.text} <% ${column}`;
  return sql`(${column} ilike ${`${likeEscape(word.text)}%`} or ${column} ilike ${`% ${likeEscape(word.text)}%`})`;
}
/** Every word of the query found in the column. */
const allWordsIn = (column: SQL, q: SearchQuery): SQL =>
  sql.join(
    q.words.map((w) => wordIn(column, w)),
    sql` and `,
  );
/** Every word of the query is a substring of the column (no typo): the better matches. */
const allWordsExactIn = (column: SQL, q: SearchQuery): SQL =>
  sql.join(
    q.words.map((w) => sql`strpos(lower(${column}), ${w.text}) > 0`),
    sql` and `,
  );

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

export function searchRepository(db: Executor) {
  return {
    /** Whether the viewer asked to see NSFW items (settings; false when they never chose). */
    async includeNsfw(viewerId: string): Promise<boolean> {
      const [row] = rowsOf<{ on: boolean | string }>(await db.execute(sql`select include_nsfw as on from user_settings where user_id = ${viewerId}`));
      return row?.on === true || row?.on === 't';
    },

    /**
     * Ids of the items the viewer may see that match, best first: every word in the title, without a
     * typo (0); a tag that matches the query (1); the title with small typos (2); then newest, with
     * each like counting as some more days of recency (score: days since 1970 + 3·ln(1 + likes)).
     */
    async items(q: SearchQuery, viewer: Searcher, page: Page): Promise<string[]> {
      return rowsOf<{ id: string }>(await db.execute(searchQueries.items(q, viewer, page))).map((r) => r.id);
    },

    /**
     * Ids of the people the viewer may find that match, best first (see `searchQueries.people`).
     */
    async people(q: SearchQuery, viewer: Searcher, page: Page): Promise<string[]> {
      return rowsOf<{ id: string }>(await db.execute(searchQueries.people(q, viewer, page))).map((r) => r.id);
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

/** A page of results: how many to skip, and how many to read. */
export interface Page {
  offset: number;
  limit: number;
}

/** The statements search runs (the benchmark explains them too). */
export const searchQueries = {
  /**
   * The items the viewer may see that match, best first: every word in the title, without a
   * typo (0); a tag that matches the query (1); the title with small typos (2); then newest, with
   * each like counting as some more days of recency (score: days since 1970 + 3·ln(1 + likes)).
   */
  items(q: SearchQuery, viewer: Searcher, page: Page): SQL {
    return sql`
          with tag_hits as materialized (
            select coalesce(array_agg(m.tag), '{}'::text[]) as tags
            from (${matchingTags(q)} order by tier, sim desc, tag limit ${ITEM_TAGS}) m
          )
          select i.id
          from items i
          left join item_stats s on s.item_id = i.id
          where (${allWordsIn(sql`i.title`, q)} or i.tags && (select tags from tag_hits))
            and ${searchableItems(viewer)}
          order by
            case when ${allWordsExactIn(sql`i.title`, q)} then 0 when i.tags && (select tags from tag_hits) then 1 else 2 end,
            extract(epoch from i.created_at) / 86400 + 3 * ln(1 + coalesce(s.like_count, 0)) desc,
            i.id desc
          limit ${page.limit} offset ${page.offset}`;
  },

  /**
   * The people the viewer may find that match, best first: the handle itself (0), a handle
   * that starts with the query (1), every word in the display name (2), a similar handle or display
   * name (3, a typo: a word of it similar, or, from four characters, the whole handle as similar as
   * pg_trgm's `%` measures it, which forgives a swapped letter); then the most followed.
   */
  people(q: SearchQuery, viewer: Searcher, page: Page): SQL {
    const h = q.handle;
    const handleLike = h ? sql`p.handle like ${`${likeEscape(h)}%`}` : sql`false`;
    const handleSimilar = h && h.length >= 2 ? sql`or ${h} <% p.handle ${h.length >= 4 ? sql`or ${h} % p.handle` : sql``}` : sql``;
    return sql`
          select p.user_id as id
          from profiles p
          left join profile_stats ps on ps.user_id = p.user_id
          where (${handleLike} ${handleSimilar} or (${allWordsIn(sql`p.display_name`, q)}))
            and ${searchablePeople(viewer)}
          order by
            case when p.handle = ${h ?? ''} then 0 when ${handleLike} then 1 when ${allWordsExactIn(sql`p.display_name`, q)} then 2 else 3 end,
            coalesce(ps.followers_count, 0) desc,
            p.handle
          limit ${page.limit} offset ${page.offset}`;
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
