import { parseArgs } from 'node:util';
import { generateRandomString } from 'better-auth/crypto';
import { z } from 'zod';
import { ROLES, type Role } from '@curio/contract';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { SchemaNewerError, schemaStatus } from '../db/schema-version';
import { EnvError } from '../env';
import type { AdminAccountsService } from '../modules/admin-users/admin-accounts.service';
import type { Services } from '../services';

export const USAGE = `Usage: npm run admin -- <command>

Users:
  users [--search TEXT]         list users, newest first (address, handle, roles, state, created)
  create-user <email> [options] create a user whose address counts as verified
      --name NAME               display name (default: the part before @)
      --password PASSWORD       their password (default: a random one, printed once)
      --role ROLE               also give a role (${ROLES.join(', ')})
  set-password <email> [--password PASSWORD]
                                set a new password (default: a random one, printed once); their sessions end
  reset-2fa <email>             remove their authenticator app and phone number: sign-in no longer asks for a code
  grant <email> <role>          give a role (${ROLES.join(', ')})
  revoke <email> <role>         take a role away
  suspend <email>               suspend the account; every session ends at once
  unsuspend <email>             reactivate a suspended account

Site:
  invite [options]              create invite codes and print them
      --count N                 how many codes (default 1)
      --uses N                  uses per code (default 1)
      --credits N               credits each redemption grants (default 0)
      --tester                  redemption sets the tester flag
      --days N                  expire after N days (default: never)
      --notes TEXT              a note kept with the codes
  beta <open|closed>            open or close the beta (closed: onboarding needs an invite code)
  orphans [--yes]               list stored images no database row names (older than an hour); --yes deletes them
  schema                        show the database's schema version against this code's (changes nothing)

Each command prints one line per result and exits with 1 when it fails.
`;

/** What the commands work with: the same services and auth as the server's. */
export interface AdminTools {
  database: Database;
  services: Services;
  auth: Auth;
  accounts: AdminAccountsService;
  close(): Promise<void>;
}

/** Opens the database (migrating it first unless `migrate` is false) and wires the services. */
export type AdminConnect = (opts: { migrate: boolean }) => Promise<AdminTools>;

export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

/** A command that cannot be done as asked: its message is the one line printed. */
class CommandError extends Error {}
const fail = (message: string): never => {
  throw new CommandError(message);
};

const emailSchema = z.email();

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      count: { type: 'string' },
      uses: { type: 'string' },
      credits: { type: 'string' },
      tester: { type: 'boolean' },
      days: { type: 'string' },
      notes: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
      search: { type: 'string' },
      yes: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

const COMMANDS = [
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
] as const;

/**
 * Runs one admin command; answers the exit code (0 done, 1 failed). Arguments are checked before
 * the database is opened, so a typo fails at once.
 */
export async function runAdmin(argv: string[], connect: AdminConnect, io: AdminOutput): Promise<number> {
  let parsed;
  try {
    parsed = parse(argv);
  } catch (err) {
    io.err(`${(err as Error).message}. Run with --help for the commands.`);
    return 1;
  }
  const { positionals, values } = parsed;
  const [command, ...args] = positionals;
  if (!command || values.help) {
    io.out(USAGE);
    return 0;
  }
  if (!(COMMANDS as readonly string[]).includes(command)) {
    io.err(`Unknown command "${command}". Run with --help for the commands.`);
    return 1;
  }

  let tools: AdminTools | undefined;
  try {
    const email = (value: string | undefined) => {
      if (!value) fail(`${command} needs an email address. Run with --help for the commands.`);
      if (!emailSchema.safeParse(value).success) fail(`"${value}" is not an email address.`);
      return value!.toLowerCase();
    };
    const role = (value: string | undefined): Role => {
      if (!value) fail(`${command} needs a role (${ROLES.join(', ')}).`);
      if (!ROLES.includes(value as Role)) fail(`Unknown role "${value}". Roles: ${ROLES.join(', ')}`);
      return value as Role;
    };
    const num = (v: string | undefined, def: number, name: string) => {
      if (v === undefined) return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number`);
      return n;
    };

    tools = await connect({ migrate: command !== 'schema' });
    const { services, auth, accounts } = tools;
    const ctx = () => auth.$context;
    async function userByEmail(address: string) {
      const found = await (await ctx()).internalAdapter.findUserByEmail(address);
      if (!found) fail(`No user with the address ${address}.`);
      return found!.user;
    }
    /** The given password checked against the sign-up limits, or a random one to print once. */
    async function passwordFrom(given: string | undefined) {
      const { minPasswordLength, maxPasswordLength } = (await ctx()).password.config;
      if (given === undefined) return { password: generateRandomString(20, 'a-z', 'A-Z', '0-9'), generated: true };
      if (given.length < minPasswordLength || given.length > maxPasswordLength) {
        fail(`The password must be ${minPasswordLength}–${maxPasswordLength} characters long.`);
      }
      return { password: given, generated: false };
    }
    const shown = (p: { password: string; generated: boolean }) => (p.generated ? `; password: ${p.password}` : '');

    switch (command) {
      case 'users': {
        let cursor: string | undefined;
        let n = 0;
        do {
          const page = await services.adminUsers.list({ q: values.search, cursor });
          for (const u of page.users) {
            io.out([u.email, u.handle ? `@${u.handle}` : '-', u.roles.join(',') || '-', u.suspended ? 'suspended' : 'active', u.createdAt].join('\t'));
            n++;
          }
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        if (!n) io.out(values.search ? `No user matches "${values.search}".` : 'No users yet.');
        break;
      }
      case 'create-user': {
        const address = email(args[0]);
        const given = values.role === undefined ? null : role(values.role);
        const p = await passwordFrom(values.password);
        const c = await ctx();
        if (await c.internalAdapter.findUserByEmail(address)) fail(`A user with the address ${address} exists already.`);
        // As better-auth's admin plugin creates users: its hooks run (sign-up credits, ADMIN_EMAILS).
        const user = await c.internalAdapter.createUser(
          { email: address, name: values.name?.trim() || address.split('@')[0]!, emailVerified: true },
          { method: 'admin' },
        );
        await c.internalAdapter.linkAccount({ providerId: 'credential', accountId: user.id, userId: user.id, password: await c.password.hash(p.password) });
        if (given) await services.roles.grantByEmail(address, given);
        io.out(`Created ${address} (user ${user.id})${given ? ` with the role ${given}` : ''}${shown(p)}`);
        break;
      }
      case 'set-password': {
        const user = await userByEmail(email(args[0]));
        const p = await passwordFrom(values.password);
        const c = await ctx();
        const hash = await c.password.hash(p.password);
        if (await c.internalAdapter.findCredentialAccount(user.id)) await c.internalAdapter.updatePassword(user.id, hash);
        else await c.internalAdapter.linkAccount({ providerId: 'credential', accountId: user.id, userId: user.id, password: hash });
        // A reset is for a lost or leaked password: whoever holds a session now is signed out.
        await c.internalAdapter.deleteUserSessions(user.id);
        await services.domainEvents.publish('session.revoked', { userId: user.id });
        io.out(`Set a new password for ${user.email}; their sessions ended${shown(p)}`);
        break;
      }
      case 'reset-2fa': {
        const user = await userByEmail(email(args[0]));
        const factors = (await accounts.factors(user.id)).factors.filter((f) => f.kind === 'totp' || f.kind === 'phone');
        for (const f of factors) await accounts.removeFactor(null, { userId: user.id, factorId: f.id });
        io.out(
          factors.length
            ? `Removed ${factors.map((f) => (f.kind === 'totp' ? 'the authenticator app' : 'the phone number')).join(' and ')} of ${user.email}: sign-in no longer asks for a code`
            : `${user.email} has no second factor: nothing to reset`,
        );
        break;
      }
      case 'grant': {
        const address = email(args[0]);
        const r = role(args[1]);
        if (!(await services.roles.grantByEmail(address, r))) fail(`No user with the address ${address}. They must sign up first.`);
        io.out(`Granted ${r} to ${address}.`);
        break;
      }
      case 'revoke': {
        const address = email(args[0]);
        const r = role(args[1]);
        const had = await services.roles.revokeByEmail(address, r);
        if (had === null) fail(`No user with the address ${address}.`);
        io.out(had ? `Took ${r} from ${address}.` : `${address} does not have the role ${r}: nothing to do.`);
        break;
      }
      case 'suspend':
      case 'unsuspend': {
        const user = await userByEmail(email(args[0]));
        await services.adminUsers.update(null, { userId: user.id, suspended: command === 'suspend' });
        io.out(command === 'suspend' ? `Suspended ${user.email}; their sessions ended.` : `Reactivated ${user.email}.`);
        break;
      }
      case 'invite': {
        const days = values.days === undefined ? null : num(values.days, 0, 'days');
        const codes = await services.invites.create(
          {
            count: Math.max(1, num(values.count, 1, 'count')),
            maxUses: Math.max(1, num(values.uses, 1, 'uses')),
            grantCredits: num(values.credits, 0, 'credits'),
            grantTester: values.tester ?? false,
            expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000),
            notes: values.notes ?? null,
          },
          null,
        );
        for (const c of codes) io.out(c.code);
        break;
      }
      case 'beta': {
        const [state] = args;
        if (state !== 'open' && state !== 'closed') fail('beta needs open or closed.');
        await services.settings.update({ betaOpen: state === 'open' }, null);
        io.out(`The beta is now ${state}.`);
        break;
      }
      case 'orphans': {
        const dryRun = !values.yes;
        const result = await services.storageSweep.sweep({
          dryRun,
          onImage: (image) => io.out(`images/${image.id}\t${image.objects} object${image.objects === 1 ? '' : 's'}`),
        });
        if (!result.objects) io.out('No stored images without a database row.');
        else if (dryRun) io.out(`${result.images} image(s) without a database row (${result.objects} objects); run again with --yes to delete them.`);
        else io.out(`Deleted ${result.images} image(s) without a database row (${result.objects} objects).`);
        break;
      }
      case 'schema': {
        const s = await schemaStatus(tools.database.db);
        io.out(`Code: ${s.code.migrations} migrations, the latest ${s.code.latest ?? 'none'}.`);
        io.out(
          `Database: ${s.database.migrations} migrations applied${s.database.latestAppliedAt ? `, the latest ${s.database.latest ?? 'unknown to this code'} (${s.database.latestAppliedAt.toISOString()})` : ''}.`,
        );
        if (s.unknown)
          fail(`The database is newer than this code: ${s.unknown} migration(s) it does not know. This version refuses to start on it (a downgrade).`);
        io.out(s.pending ? `${s.pending} migration(s) pending: the next start applies them.` : 'Up to date.');
        break;
      }
    }
    return 0;
  } catch (err) {
    if (err instanceof CommandError || err instanceof EnvError || err instanceof DataDirLockedError || err instanceof SchemaNewerError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  } finally {
    await tools?.close();
  }
}
