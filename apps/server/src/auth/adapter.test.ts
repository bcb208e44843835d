import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("better-auth's database adapter", { tags: ['postgres'] }, () => {
  it('names a unique violation in its message, which is how plugins tell a lost insert race (two processes seeding one row)', async () => {
    const ctx = await t.auth.$context;
    const row = { identifier: 'https://example.com/race', name: 'race', createdAt: new Date(), updatedAt: new Date() };
    await ctx.adapter.create({ model: 'oauthResource', data: row });
    const second = ctx.adapter.create({ model: 'oauthResource', data: row });
    await expect(second).rejects.toThrow(/duplicate key value violates unique constraint/);
  });

  it('leaves other errors as they were', async () => {
    const ctx = await t.auth.$context;
    const bad = ctx.adapter.create({ model: 'session', data: { userId: 'nobody', token: 'x', expiresAt: new Date() } });
    await expect(bad).rejects.toThrow(/Failed query/);
  });
});
