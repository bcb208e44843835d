import { MENTION_MIN } from '@curio/contract';

/** Handle characters (spec part 2 §5): letters, digits, dot and underscore. */
const HANDLE_CHAR = /[A-Za-z0-9._]/;
const MENTION_MAX = 30;

/** The `@fragment` being typed: `start` is the index of "@", `end` is where the handle characters stop. */
export type MentionFragment = { start: number; end: number; query: string };

/**
 * The mention the caret is in, if any: an "@" at the start or after a non-handle character (so e-mail
 * addresses do not count), followed by at least 2 handle characters right before the caret.
 */
export function findMentionFragment(text: string, caret: number): MentionFragment | null {
  if (caret < 0 || caret > text.length) return null;
  let at = caret - 1;
  while (at >= 0 && HANDLE_CHAR.test(text[at]!)) at--;
  if (at < 0 || text[at] !== '@') return null;
  if (at > 0 && (HANDLE_CHAR.test(text[at - 1]!) || text[at - 1] === '@')) return null;
  let end = caret;
  while (end < text.length && HANDLE_CHAR.test(text[end]!)) end++;
  const query = text.slice(at + 1, caret);
  if (query.length < MENTION_MIN || end - at - 1 > MENTION_MAX) return null;
  return { start: at, end, query };
}

/** Replaces the fragment with "@handle " and puts the caret after the space (an existing space is reused). */
export function insertMention(text: string, fragment: MentionFragment, handle: string): { text: string; caret: number } {
  const before = text.slice(0, fragment.start);
  let after = text.slice(fragment.end);
  if (after.startsWith(' ')) after = after.slice(1);
  const inserted = `@${handle} `;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}

export type BodyPart = { type: 'text'; text: string } | { type: 'mention'; handle: string; text: string };

const MENTION_IN_BODY = /(^|[^A-Za-z0-9._@])@([A-Za-z0-9._]{2,30})/g;

/** Splits a comment into text and `@handle` parts (a trailing dot ends the sentence, not the handle). */
export function splitMentions(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(MENTION_IN_BODY)) {
    const raw = match[2]!;
    const handle = raw.replace(/\.+$/, '');
    if (handle.length < MENTION_MIN) continue;
    const start = match.index + match[1]!.length;
    if (start > last) parts.push({ type: 'text', text: body.slice(last, start) });
    parts.push({ type: 'mention', handle, text: `@${handle}` });
    last = start + 1 + handle.length;
  }
  if (last < body.length) parts.push({ type: 'text', text: body.slice(last) });
  return parts;
}
