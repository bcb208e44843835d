import { describe, expect, it } from 'vitest';
import { firstTimeSeen } from './sse';

const event = (lastEventId: string) => new MessageEvent('notification', { data: '{}', lastEventId });

describe('firstTimeSeen', () => {
  it('lets each event id through once (a resumed stream sends the last half minute again), and events without an id always', () => {
    const fresh = firstTimeSeen();
    expect([event('10'), event('11'), event('10'), event('11'), event('12')].map(fresh)).toEqual([true, true, false, false, true]);
    expect([event(''), event('')].map(fresh)).toEqual([true, true]);
  });

  it('remembers a bounded number of ids, forgetting the oldest', () => {
    const fresh = firstTimeSeen();
    for (let i = 1; i <= 1001; i++) fresh(event(String(i)));
    expect(fresh(event('1'))).toBe(true); // forgotten
    expect(fresh(event('1001'))).toBe(false);
  });
});
