import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { decodeCursor, encodeCursor, nextCursor } from './cursor';

describe('cursor', () => {
  it('round-trips the exact timestamp text and the id, opaque to clients', () => {
    const c = { at: '2026-11-22T20:24:42.123456Z', id: '0b6f6c8e-8a43-4c1e-9d55-3c8c2a1f0e11' };
    const encoded = encodeCursor(c);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(encoded)).toEqual(c);
  });

  it.each([
    ['not base64url', '***'],
    ['no id', Buffer.from('2026-11-22T20:24:42.123456Z').toString('base64url')],
    ['milliseconds only', Buffer.from('2026-11-22T20:24:42.123Z|abc').toString('base64url')],
    ['an impossible date', Buffer.from('2026-02-30T10:00:00.000000Z|abc').toString('base64url')],
    ['extra parts', Buffer.from('2026-11-22T20:24:42.123456Z|abc|def').toString('base64url')],
    ['quotes in the id', Buffer.from("2026-11-22T20:24:42.123456Z|a'b").toString('base64url')],
    ['an id that is not a uuid', Buffer.from('2026-11-22T20:24:42.123456Z|abc').toString('base64url')],
  ])('refuses %s with a 400', (_label, cursor) => {
    try {
      decodeCursor(cursor);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
    }
  });

  it('takes text ids where the list asks for them', () => {
    const c = { at: '2026-11-22T20:24:42.123456Z', id: 'Xy_9-abc' };
    expect(decodeCursor(encodeCursor(c), { id: 'text' })).toEqual(c);
  });

  it('gives a next cursor only when a row beyond the page was fetched', () => {
    const rows = [1, 2, 3].map((n) => ({ at: `2026-11-22T20:24:42.00000${n}Z`, id: `id${n}` }));
    expect(nextCursor(rows, 3, (r) => r)).toBeNull();
    expect(
      decodeCursor(
        nextCursor(rows, 2, (r) => r)!,
        { id: 'text' },
      ),
    ).toEqual(rows[1]);
  });
});
