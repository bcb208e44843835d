import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from './events.service';
import { forgetEverywhere } from './forget-everywhere';

/**
 * A process's events service in memory: `record` keeps the event (NOTIFY is left to the test, which
 * delivers it when it chooses), hints go to `hints`, and `listenerCount` is how many processes listen.
 */
function fakeEvents(listenerCount: number | null, soleProcess = false) {
  const broadcast = new Map<string, (event: DomainEvent) => void>();
  const hintHandlers = new Map<string, (data: unknown) => void>();
  const recorded: DomainEvent[] = [];
  const hints: { hint: string; data: unknown }[] = [];
  let id = 0;
  const events = {
    listening: true,
    soleProcess,
    listeners: async () => listenerCount,
    record: async (_db: unknown, e: { userId: string | null; stream: string; type: string; payload: unknown }) => {
      const event = { id: ++id, userId: e.userId, stream: e.stream, type: e.type, payload: e.payload, createdAt: new Date() } as unknown as DomainEvent;
      recorded.push(event);
      return event;
    },
    onBroadcast: (stream: string, handler: (event: DomainEvent) => void) => {
      broadcast.set(stream, handler);
      return () => {};
    },
    hint: async (hint: string, data: unknown) => {
      hints.push({ hint, data });
    },
    onHint: (hint: string, handler: (data: unknown) => void) => {
      hintHandlers.set(hint, handler);
      return () => {};
    },
  };
  return {
    events,
    recorded,
    hints,
    /** The NOTIFY of an event reaching this process. */
    deliver: (event: DomainEvent) => broadcast.get(event.stream)!(event),
    /** Another process's acknowledgement reaching this one. */
    ack: (eventId: number) => hintHandlers.get('viewer-marks.heard')!({ id: eventId }),
  };
}

const logger = { warn: vi.fn() } as never;
const opts = { stream: 'viewer-marks', type: 'viewer.marks-changed', what: "a viewer's kept marks" };

describe('forgetting a user in every process', () => {
  it('on PGlite, the one process its database admits, forgets here and records nothing', async () => {
    const fake = fakeEvents(null, true);
    const forgotten: string[] = [];
    const everywhere = forgetEverywhere({ db: {} as never, events: fake.events as never, logger }, opts);
    everywhere.onForgotten((userId) => forgotten.push(userId));
    await everywhere.forget('u1');
    expect(forgotten).toEqual(['u1']);
    expect(fake.recorded).toEqual([]);
    expect(fake.hints).toEqual([]);
  });

  it('answers at once when no other process listens (the only process on PostgreSQL, or a count that failed): the handlers ran here, the event is recorded', async () => {
    for (const count of [null, 1]) {
      const fake = fakeEvents(count);
      const forgotten: string[] = [];
      const everywhere = forgetEverywhere({ db: {} as never, events: fake.events as never, logger }, opts);
      everywhere.onForgotten((userId) => forgotten.push(userId));
      // No echo is ever delivered: a forget that waited for one would take its full second here.
      const started = Date.now();
      await everywhere.forget('u1');
      expect(Date.now() - started).toBeLessThan(500);
      expect(forgotten).toEqual(['u1']);
      expect(fake.recorded.map((e) => e.payload)).toEqual([expect.objectContaining({ userId: 'u1' })]);
      // Its own announcement coming back is not acknowledged: nobody waits for that.
      fake.deliver(fake.recorded[0]!);
      expect(fake.hints).toEqual([]);
    }
  });

  it('waits for each other listening process to acknowledge, and acknowledges what another process announced', async () => {
    const fake = fakeEvents(2);
    const everywhere = forgetEverywhere({ db: {} as never, events: fake.events as never, logger }, opts);
    let answered = false;
    const forgetting = everywhere.forget('u1').then(() => (answered = true));
    await vi.waitFor(() => expect(fake.recorded).toHaveLength(1));
    const event = fake.recorded[0]!;
    fake.deliver(event);
    await Promise.resolve();
    expect(answered).toBe(false);
    fake.ack(event.id);
    await forgetting;
    expect(answered).toBe(true);

    // Another process's announcement: this one forgets and says so.
    const forgotten: string[] = [];
    everywhere.onForgotten((userId) => forgotten.push(userId));
    fake.deliver({ ...event, id: 99, payload: { userId: 'u2', from: 'another process' } } as DomainEvent);
    expect(forgotten).toEqual(['u2']);
    expect(fake.hints).toEqual([{ hint: 'viewer-marks.heard', data: { id: 99 } }]);
  });
});
