/** Letters of the CJK scripts (kana, CJK ideographs, Hangul), as migration 0026_search's search_cjk_grams reads them. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;
const CJK_RUNS =
  /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+|[^\s\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+/gu;

export interface SearchWord {
  /** Lower case. */
  text: string;
  /** A run of CJK letters: found by its unigram (one letter) or its bigrams (more). */
  cjk: boolean;
  grams: string[];
}

/** A query as search reads it. */
export interface SearchQuery {
  /** The whole query: NFKC, lower case, spaces collapsed. */
  text: string;
  /** Its words: split at spaces, and where CJK letters meet others ("rx-78高达" is two words). */
  words: SearchWord[];
  hasCjk: boolean;
  /** The query as a handle (without a leading @ and spaces), or null when it cannot be part of one. */
  handle: string | null;
}

/** The unigram of one CJK letter, else every bigram: what search_cjk_grams must hold for the text to hold the word. */
function cjkGrams(word: string): string[] {
  const letters = [...word];
  if (letters.length === 1) return letters;
  const grams = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) grams.add(letters[i]! + letters[i + 1]!);
  return [...grams];
}

/** Reads a query (1–100 characters, trimmed by the contract). Full-width forms become their usual ones (NFKC). */
export function parseSearchQuery(q: string): SearchQuery {
  const text = q.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
  const words: SearchWord[] = [];
  for (const part of text.match(CJK_RUNS) ?? []) {
    const cjk = CJK.test(part);
    if (words.some((w) => w.text === part)) continue;
    words.push({ text: part, cjk, grams: cjk ? cjkGrams(part) : [] });
  }
  const handle = text.replace(/^@/, '').replace(/ /g, '');
  return { text, words, hasCjk: words.some((w) => w.cjk), handle: /^[a-z0-9_]{1,20}$/.test(handle) ? handle : null };
}
