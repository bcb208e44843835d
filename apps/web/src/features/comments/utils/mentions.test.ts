import { describe, expect, it } from 'vitest';
import { findMentionFragment, insertMention, splitMentions } from './mentions';

/** `|` marks the caret. */
function at(textWithCaret: string) {
  const caret = textWithCaret.indexOf('|');
  return { text: textWithCaret.replace('|', ''), caret };
}
const find = (s: string) => {
  const { text, caret } = at(s);
  return findMentionFragment(text, caret);
};

describe('findMentionFragment', () => {
  it('needs "@" and at least two handle characters before the caret', () => {
    expect(find('@|')).toBeNull();
    expect(find('@b|')).toBeNull();
    expect(find('@bo|')).toEqual({ start: 0, end: 3, query: 'bo' });
    expect(find('hi @bob_c|')).toEqual({ start: 3, end: 9, query: 'bob_c' });
  });

  it('accepts letters, digits, dots and underscores', () => {
    expect(find('@a.b_9|')?.query).toBe('a.b_9');
    expect(find('(@carol|')?.query).toBe('carol');
  });

  it('stops at anything else', () => {
    expect(find('@bob |')).toBeNull();
    expect(find('@bo-b|')).toBeNull();
    expect(find('no mention here|')).toBeNull();
  });

  it('ignores e-mail addresses and double @', () => {
    expect(find('mail me@example|')).toBeNull();
    expect(find('@@bob|')).toBeNull();
  });

  it('only looks at the text right before the caret', () => {
    expect(find('@bob is| here')).toBeNull();
    expect(find('@bo|b and more')).toEqual({ start: 0, end: 4, query: 'bo' });
  });

  it('gives up beyond 30 characters', () => {
    expect(find(`@${'a'.repeat(31)}|`)).toBeNull();
  });
});

describe('insertMention', () => {
  it('replaces the fragment with "@handle " and puts the caret after the space', () => {
    const { text, caret } = at('Hello @bo|');
    const result = insertMention(text, findMentionFragment(text, caret)!, 'bob_collects');
    expect(result).toEqual({ text: 'Hello @bob_collects ', caret: 20 });
  });

  it('keeps the text after the caret and replaces the whole handle being typed', () => {
    const { text, caret } = at('Hey @ca|rl, look');
    const result = insertMention(text, findMentionFragment(text, caret)!, 'carol_k');
    expect(result.text).toBe('Hey @carol_k , look');
    expect(result.text.slice(0, result.caret)).toBe('Hey @carol_k ');
  });

  it('reuses a following space instead of doubling it', () => {
    const { text, caret } = at('@da| you should see');
    const result = insertMention(text, findMentionFragment(text, caret)!, 'dave_toys');
    expect(result.text).toBe('@dave_toys you should see');
    expect(result.caret).toBe(11);
  });
});

describe('splitMentions', () => {
  it('finds mentions in the text', () => {
    expect(splitMentions('hi @bob_c, and @carol.')).toEqual([
      { type: 'text', text: 'hi ' },
      { type: 'mention', handle: 'bob_c', text: '@bob_c' },
      { type: 'text', text: ', and ' },
      { type: 'mention', handle: 'carol', text: '@carol' },
      { type: 'text', text: '.' },
    ]);
  });

  it('leaves e-mail addresses and single letters alone', () => {
    expect(splitMentions('write to a@bcd.com or @x')).toEqual([{ type: 'text', text: 'write to a@bcd.com or @x' }]);
  });

  it('handles a mention at the very start', () => {
    expect(splitMentions('@erin')).toEqual([{ type: 'mention', handle: 'erin', text: '@erin' }]);
  });
});
