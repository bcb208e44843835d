import { describe, expect, it } from 'vitest';
import { createViewerMarksCache } from './viewer-marks';

const LIKED = { liked: true, saved: false, roles: [], canMessage: true };
const ADMIN = { liked: false, saved: true, roles: ['admin' as const], canMessage: false };

describe('the viewer marks kept beside cached item pages', () => {
  it('keeps a viewer’s marks per item until they expire', () => {
    let now = 1_000;
    const marks = createViewerMarksCache({ ttlMs: 100, now: () => now });
    marks.set('v', 'i1', LIKED, marks.generation());
    marks.set('v', 'i2', ADMIN, marks.generation());
    expect(marks.get('v', 'i1')).toEqual(LIKED);
    expect(marks.get('v', 'i2')).toEqual(ADMIN);
    expect(marks.get('w', 'i1')).toBeNull();
    now += 100;
    expect(marks.get('v', 'i1')).toBeNull();
    expect(marks.size).toBe(1);
  });

  it('forgets everything of one viewer, and does not keep a read that began before a forget', () => {
    const marks = createViewerMarksCache();
    marks.set('v', 'i1', LIKED, marks.generation());
    marks.set('w', 'i1', ADMIN, marks.generation());
    const readAt = marks.generation();
    marks.forgetViewer('v');
    expect(marks.get('v', 'i1')).toBeNull();
    expect(marks.get('w', 'i1')).toEqual(ADMIN);
    // A read of the old marks that straddled the forget is used once, never kept.
    marks.set('v', 'i1', LIKED, readAt);
    expect(marks.get('v', 'i1')).toBeNull();
  });

  it('holds at most `max` marks, dropping the oldest, and nothing with a time to live of 0', () => {
    const marks = createViewerMarksCache({ max: 2 });
    for (const item of ['i1', 'i2', 'i3']) marks.set('v', item, LIKED, marks.generation());
    expect([marks.get('v', 'i1'), marks.get('v', 'i2'), marks.get('v', 'i3')]).toEqual([null, LIKED, LIKED]);
    marks.forgetViewer('v');
    expect(marks.size).toBe(0);
    const none = createViewerMarksCache({ ttlMs: 0 });
    none.set('v', 'i1', LIKED, none.generation());
    expect(none.get('v', 'i1')).toBeNull();
  });
});
