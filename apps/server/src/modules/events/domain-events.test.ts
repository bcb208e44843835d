import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events } from '../../db/schema';
import { createSecondApp } from '../../test/second-app';
import { createTestApp, type TestApp } from '../../test/harness';
import { DELIVERY, VISIBILITY_EVENTS } from './domain-events';

/** Two apps on one database stand for two processes, each with its own bus listening on the channel. */
let a: TestApp;
let b: ReturnType<typeof createSecondApp>;

beforeAll(async () => {
  a = await createTestApp();
  b = createSecondApp(a);
  await Promise.all([a.services.events.start(), b.services.events.start()]);
});
afterAll(async () => {
  await b.services.functionStats.stop();
  await b.services.events.stop();
  await a.close();
});

/** How many recorded events mention this id. */
const recorded = async (id: string) =>
  (await a.database.db.select({ payload: events.payload }).from(events).where(eq(events.stream, 'explore'))).filter((e) =>
    JSON.stringify(e.payload).includes(id),
  ).length;

describe('domain events', { tags: ['postgres'] }, () => {
  it('name every event that changes what others see among the visibility events, and each is recorded', () => {
    for (const name of VISIBILITY_EVENTS) expect(DELIVERY[name]).toBe('recorded');
    expect(
      Object.entries(DELIVERY)
        .filter(([, how]) => how === 'recorded')
        .map(([name]) => name),
    ).toEqual([...VISIBILITY_EVENTS]);
  });

  it('a recorded event is written in its transaction and heard here once it commits, once, and in the other process', async () => {
    const itemId = crypto.randomUUID();
    const atA: string[] = [];
    const atB: string[] = [];
    const offA = a.services.domainEvents.on('item.changed', (p) => p.itemId === itemId && atA.push(p.itemId));
    const offB = b.services.domainEvents.on('item.changed', (p) => p.itemId === itemId && atB.push(p.itemId));
    try {
      await a.services.domainEvents.transaction(a.database.db, async (_tx, publish) => {
        await publish('item.changed', { itemId });
        // Not yet: the transaction has not committed.
        expect(atA).toEqual([]);
      });
      expect(atA).toEqual([itemId]);
      expect(await recorded(itemId)).toBe(1);
      await vi.waitFor(() => expect(atB).toEqual([itemId]), { timeout: 2_000, interval: 20 });
      // An event recorded after it (not handed over here at commit) reaches A by its NOTIFY: the first one's NOTIFY
      // came before it, and was passed over.
      const marker = crypto.randomUUID();
      const markerAtA: string[] = [];
      const offMarker = a.services.domainEvents.on('item.changed', (p) => p.itemId === marker && markerAtA.push(marker));
      await a.services.events.record(a.database.db, { userId: null, stream: 'explore', type: 'item.changed', payload: { itemId: marker } });
      await vi.waitFor(() => expect(markerAtA).toEqual([marker]), { timeout: 2_000, interval: 20 });
      offMarker();
      expect(atA).toEqual([itemId]);
    } finally {
      offA();
      offB();
    }
  });

  it('a rolled-back transaction announces nothing and records nothing', async () => {
    const itemId = crypto.randomUUID();
    const heard: string[] = [];
    const off = a.services.domainEvents.on('item.changed', (p) => p.itemId === itemId && heard.push(p.itemId));
    try {
      await expect(
        a.services.domainEvents.transaction(a.database.db, async (_tx, publish) => {
          await publish('item.changed', { itemId });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(heard).toEqual([]);
      expect(await recorded(itemId)).toBe(0);
    } finally {
      off();
    }
  });

  it('a hint is heard here at once and by the other process, and records nothing', async () => {
    const itemId = crypto.randomUUID();
    const atA: string[][] = [];
    const atB: string[][] = [];
    const offA = a.services.domainEvents.on('item.touched', (p) => p.itemIds.includes(itemId) && atA.push(p.itemIds));
    const offB = b.services.domainEvents.on('item.touched', (p) => p.itemIds.includes(itemId) && atB.push(p.itemIds));
    try {
      const sent = a.services.domainEvents.publish('item.touched', { itemIds: [itemId] });
      expect(atA).toEqual([[itemId]]);
      await sent;
      await vi.waitFor(() => expect(atB).toEqual([[itemId]]), { timeout: 2_000, interval: 20 });
      expect(await recorded(itemId)).toBe(0);
    } finally {
      offA();
      offB();
    }
  });

  it('an acknowledged event has been heard by every process when its publisher goes on', async () => {
    const userId = crypto.randomUUID();
    const atA: string[] = [];
    const atB: string[] = [];
    const offA = a.services.domainEvents.on('viewer.marks-changed', (p) => p.userId === userId && atA.push(p.userId));
    const offB = b.services.domainEvents.on('viewer.marks-changed', (p) => p.userId === userId && atB.push(p.userId));
    try {
      await a.services.domainEvents.publish('viewer.marks-changed', { userId });
      expect(atA).toEqual([userId]);
      // On PostgreSQL the publisher waits for B; on PGlite, which admits one process, nothing is announced.
      if (process.env.DATABASE_URL) expect(atB).toEqual([userId]);
    } finally {
      offA();
      offB();
    }
  });

  it('a subscriber that throws is logged, and the others still hear the event', async () => {
    const itemId = crypto.randomUUID();
    const heard: string[] = [];
    const offThrowing = a.services.domainEvents.on('item.touched', () => {
      throw new Error('a broken subscriber');
    });
    const off = a.services.domainEvents.on('item.touched', (p) => p.itemIds.includes(itemId) && heard.push(itemId));
    try {
      await a.services.domainEvents.publish('item.touched', { itemIds: [itemId] });
      expect(heard).toEqual([itemId]);
    } finally {
      offThrowing();
      off();
    }
  });
});
