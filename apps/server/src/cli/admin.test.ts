import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactors, users } from '../db/schema';
import { codeMigrations } from '../db/schema-version';
import { REPO_ROOT } from '../env';
import { createLocalStorage } from '../storage/local-storage';
import { cookieFrom, createTestApp, type TestApp } from '../test/harness';
import { closed } from '../test/compiled';
import { runAdmin, USAGE, type AdminConnect } from './admin-commands';

let t: TestApp;
let connected = 0;
const connect: AdminConnect = async () => {
  connected++;
  return { database: t.database, services: t.services, auth: t.auth, accounts: t.adminAccounts, close: async () => undefined };
};

/** Runs one command in-process against the test app; answers its exit code and printed lines. */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, connect, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

const signIn = (email: string, password: string) => t.request('/auth/v1/sign-in/email', { body: { email, password } });
const sessionOf = async (cookie: string) => (await (await t.request('/auth/v1/get-session', { cookie })).json()) as { user: { id: string } } | null;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('admin command line', () => {
  it('--help lists every command; a wrong command or argument fails with one line before the database is opened', async () => {
    const help = await admin('--help');
    expect(help.code).toBe(0);
    expect(help.out.join('\n')).toBe(USAGE);
    for (const command of [
      'users',
      'create-user',
      'set-password',
      'reset-2fa',
      'grant',
      'revoke',
      'suspend',
      'unsuspend',
      'invite',
      'beta',
      'orphans',
      'schema',
    ]) {
      expect(USAGE).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    const before = connected;
    expect(await admin('frobnicate')).toMatchObject({ code: 1, err: ['Unknown command "frobnicate". Run with --help for the commands.'] });
    expect(await admin('suspend', '--bogus', 'a@example.com')).toMatchObject({ code: 1 });
    expect(connected).toBe(before);
    expect(await admin('suspend', 'not-an-address')).toMatchObject({ code: 1, err: ['"not-an-address" is not an email address.'] });
    expect(await admin('grant', 'a@example.com', 'emperor')).toMatchObject({ code: 1, err: [expect.stringContaining('Unknown role "emperor"')] });
  });

  it('create-user makes an account that signs in with the given or a printed password, and refuses a taken address', async () => {
    const created = await admin('create-user', 'New.Person@example.com', '--password', 'a long enough secret', '--role', 'moderator');
    expect(created.code).toBe(0);
    expect(created.out).toEqual([expect.stringMatching(/^Created new\.person@example\.com \(user \S+\) with the role moderator$/)]);
    expect((await signIn('new.person@example.com', 'a long enough secret')).status).toBe(200);
    const [row] = await t.database.db.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, 'new.person@example.com'));
    expect(row!.emailVerified).toBe(true);
    expect(await t.services.roles.list(row!.id)).toEqual(['moderator']);

    expect(await admin('create-user', 'new.person@example.com')).toMatchObject({
      code: 1,
      err: ['A user with the address new.person@example.com exists already.'],
    });
    expect(await admin('create-user', 'short@example.com', '--password', 'short')).toMatchObject({
      code: 1,
      err: [expect.stringMatching(/^The password must be \d+–\d+ characters long\.$/)],
    });

    const generated = await admin('create-user', 'printed@example.com');
    expect(generated.code).toBe(0);
    const password = /; password: (\S+)$/.exec(generated.out[0]!)?.[1];
    expect(password).toHaveLength(20);
    expect((await signIn('printed@example.com', password!)).status).toBe(200);
  });

  it('set-password sets a new password and ends the sessions; an unknown address fails', async () => {
    const u = await t.signUp();
    expect(await sessionOf(u.cookie)).not.toBeNull();
    const res = await admin('set-password', u.email, '--password', 'the new password here');
    expect(res).toMatchObject({ code: 0, out: [`Set a new password for ${u.email}; their sessions ended`] });
    expect(await sessionOf(u.cookie)).toBeNull();
    expect((await signIn(u.email, u.password)).status).toBe(401);
    expect((await signIn(u.email, 'the new password here')).status).toBe(200);
    expect(await admin('set-password', 'nobody@example.com')).toMatchObject({ code: 1, err: ['No user with the address nobody@example.com.'] });
  });

  it('reset-2fa removes the authenticator app so that sign-in asks for no code', async () => {
    const u = await t.signUp();
    await t.database.db.insert(twoFactors).values({ id: `tf-${u.userId}`, secret: 'secret', backupCodes: 'codes', userId: u.userId, verified: true });
    await t.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, u.userId));
    expect((await (await signIn(u.email, u.password)).json()) as object).toMatchObject({ twoFactorRedirect: true });

    expect(await admin('reset-2fa', u.email)).toMatchObject({
      code: 0,
      out: [`Removed the authenticator app of ${u.email}: sign-in no longer asks for a code`],
    });
    expect(await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, u.userId))).toEqual([]);
    const again = await signIn(u.email, u.password);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
    expect(await admin('reset-2fa', u.email)).toMatchObject({ code: 0, out: [`${u.email} has no second factor: nothing to reset`] });
  });

  it('grant and revoke give and take roles', async () => {
    const u = await t.signUp();
    expect(await admin('grant', u.email, 'admin')).toMatchObject({ code: 0, out: [`Granted admin to ${u.email}.`] });
    expect(await t.services.roles.list(u.userId)).toEqual(['admin']);
    expect(await admin('revoke', u.email, 'admin')).toMatchObject({ code: 0, out: [`Took admin from ${u.email}.`] });
    expect(await t.services.roles.list(u.userId)).toEqual([]);
    expect(await admin('revoke', u.email, 'admin')).toMatchObject({ code: 0, out: [`${u.email} does not have the role admin: nothing to do.`] });
    expect(await admin('revoke', 'nobody@example.com', 'admin')).toMatchObject({ code: 1, err: ['No user with the address nobody@example.com.'] });
  });

  it('suspend ends every session and refuses sign-in; unsuspend lets the person back in', async () => {
    const u = await t.signUp();
    expect(await admin('suspend', u.email)).toMatchObject({ code: 0, out: [`Suspended ${u.email}; their sessions ended.`] });
    expect(await sessionOf(u.cookie)).toBeNull();
    expect((await signIn(u.email, u.password)).status).toBe(403);
    expect(await admin('unsuspend', u.email)).toMatchObject({ code: 0, out: [`Reactivated ${u.email}.`] });
    const back = await signIn(u.email, u.password);
    expect(back.status).toBe(200);
    expect(await sessionOf(cookieFrom(back))).not.toBeNull();
  });

  it('users lists accounts one a line, and --search narrows them', async () => {
    const u = await t.onboardedUser();
    await admin('suspend', u.email);
    const all = await admin('users');
    expect(all.code).toBe(0);
    expect(all.out).toContainEqual(expect.stringMatching(new RegExp(`^${u.email.replace(/\./g, '\\.')}\\t@${u.handle}\\t-\\tsuspended\\t\\d{4}-`)));
    const found = await admin('users', '--search', u.handle);
    expect(found.out).toHaveLength(1);
    expect(await admin('users', '--search', 'no-such-collector-anywhere')).toMatchObject({ code: 0, out: ['No user matches "no-such-collector-anywhere".'] });
  });

  it('orphans lists stored images without a row, and deletes them only with --yes', async () => {
    const root = path.join(t.env.DATA_DIR, 'storage');
    const storage = createLocalStorage(root);
    const id = `orphan${Math.random().toString(36).slice(2, 12)}`;
    await storage.put(`images/${id}/master.png`, Buffer.from('m'), 'image/png');
    await storage.put(`images/${id}/thumb.webp`, Buffer.from('t'), 'image/webp');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of ['master.png', 'thumb.webp']) await utimes(path.join(root, `images/${id}/${name}`), twoHoursAgo, twoHoursAgo);
    const keys = async () => {
      const all: string[] = [];
      for await (const page of storage.list(`images/${id}`)) all.push(...page.map((o) => o.key));
      return all;
    };

    const dry = await admin('orphans');
    expect(dry).toMatchObject({
      code: 0,
      out: [`images/${id}\t2 objects`, '1 image(s) without a database row (2 objects); run again with --yes to delete them.'],
    });
    expect(await keys()).toHaveLength(2);
    expect(await admin('orphans', '--yes')).toMatchObject({
      code: 0,
      out: [`images/${id}\t2 objects`, 'Deleted 1 image(s) without a database row (2 objects).'],
    });
    expect(await keys()).toEqual([]);
    expect(await admin('orphans')).toMatchObject({ code: 0, out: ['No stored images without a database row.'] });
  });

  it('schema shows the version, and fails when the database is newer than the code', async () => {
    const entries = codeMigrations();
    const current = await admin('schema');
    expect(current).toMatchObject({
      code: 0,
      out: [
        `Code: ${entries.length} migrations, the latest ${entries.at(-1)!.tag}.`,
        expect.stringContaining(`Database: ${entries.length} migrations applied, the latest ${entries.at(-1)!.tag} (`),
        'Up to date.',
      ],
    });
    const newer = entries.at(-1)!.when + 86_400_000;
    await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${newer})`);
    try {
      const res = await admin('schema');
      expect(res.code).toBe(1);
      expect(res.err).toEqual(['The database is newer than this code: 1 migration(s) it does not know. This version refuses to start on it (a downgrade).']);
    } finally {
      await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newer}`);
    }
  });

  it('runs as `npm run admin`: the entry opens the configured database, prints and exits', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/cli/admin.ts'), 'users'], {
      cwd: path.join(REPO_ROOT, 'apps/server'),
      // STATIC_DIR without a built web app, as on a fresh clone: nothing the server would warn about reaches stdout.
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-admin-')),
        STATIC_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-admin-web-')),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const code = await closed(child);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('No users yet.');
  }, 120_000);
});
