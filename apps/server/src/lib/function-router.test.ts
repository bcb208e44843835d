import { type FunctionName, API, FUNCTION_NAMES, type FunctionSpec } from '@curio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/harness';
import { createFunctionRouter } from './function-router';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const specs = API as Record<string, FunctionSpec & { read?: boolean }>;
const byAccess = (access: string) => FUNCTION_NAMES.filter((name) => specs[name]!.access === access);

describe('functions served from the contract', () => {
  it('registers a handler for every function the contract declares, and refuses to start without one', () => {
    const handlers = Object.fromEntries(FUNCTION_NAMES.map((name) => [name, async () => ({})]));
    expect(() => createFunctionRouter({ auth: t.auth, handlers: handlers as never, hasRole: async () => false, trustProxy: false })).not.toThrow();
    delete (handlers as Record<string, unknown>)['item-get'];
    expect(() => createFunctionRouter({ auth: t.auth, handlers: handlers as never, hasRole: async () => false, trustProxy: false })).toThrow(
      /item-get has no handler/,
    );
  });

  it('answers 401 to guests on every function that needs a session, before looking at the input', async () => {
    const needSession = FUNCTION_NAMES.filter((name) => specs[name]!.access !== 'public');
    expect(needSession.length).toBeGreaterThan(20);
    for (const name of needSession) {
      const r = await t.call(name, { body: {} });
      expect(r.status, name).toBe(401);
      expect(r.json.error.code, name).toBe('unauthorized');
    }
  });

  it('answers 403 to a signed-in collector on every admin and moderator function', async () => {
    const user = await t.onboardedUser();
    const restricted = [...byAccess('admin'), ...byAccess('moderator')];
    expect(restricted).toContain('admin-settings-update');
    for (const name of restricted) {
      const r = await t.call(name, { cookie: user.cookie, body: {} });
      expect(r.status, name).toBe(403);
      expect(r.json.error.code, name).toBe('forbidden');
    }
  });

  it('lets an admin through the access check', async () => {
    const admin = await t.onboardedUser();
    await t.services.roles.grantByEmail(admin.email, 'admin');
    const r = await t.call('admin-settings-update', { cookie: admin.cookie, body: { maintenanceMode: false } });
    expect(r.status).toBe(200);
    expect(r.json.settings.maintenanceMode).toBe(false);
  });

  it('answers GET only for the functions the contract marks as reads', async () => {
    const user = await t.onboardedUser();
    for (const name of FUNCTION_NAMES) {
      const r = await t.request(`/functions/v1/${name}`, { method: 'GET', cookie: user.cookie });
      if (specs[name]!.read) expect(r.status, name).not.toBe(405);
      else expect(r.status, name).toBe(405);
    }
  });

  it('answers 404 for a name outside the contract, including inherited object keys', async () => {
    for (const name of ['no-such-function', 'constructor', '__proto__', 'toString']) {
      // Names the contract does not have, on purpose: the router must refuse them at run time.
      const r = await t.call(name as FunctionName, { body: {} });
      expect(r.status, name).toBe(404);
    }
  });

  it('declares an object output schema or an array for every function', () => {
    for (const name of FUNCTION_NAMES) {
      const output = specs[name]!.output;
      expect(output instanceof z.ZodObject || output instanceof z.ZodArray || output instanceof z.ZodDiscriminatedUnion, name).toBe(true);
    }
  });
});
