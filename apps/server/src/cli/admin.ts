import { parseArgs } from 'node:util';
import { ROLES, type Role } from '@curio/contract';
import { openConfiguredDatabase } from '../bootstrap';
import { DataDirLockedError } from '../db/lock';
import { EnvError, loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { createServices } from '../services';
import { createStorageFromEnv } from '../storage/from-env';

const USAGE = `Usage: npm run admin -- <command>

Commands:
  grant <email> <role>          give a role (${ROLES.join(', ')}) to the user with that address
  invite [options]              create invite codes and print them
      --count N                 how many codes (default 1)
      --uses N                  uses per code (default 1)
      --credits N               credits each redemption grants (default 0)
      --tester                  redemption sets the tester flag
      --days N                  expire after N days (default: never)
      --notes TEXT              a note kept with the codes
  beta <open|closed>            open or close the beta (closed: onboarding needs an invite code)
`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      count: { type: 'string' },
      uses: { type: 'string' },
      credits: { type: 'string' },
      tester: { type: 'boolean' },
      days: { type: 'string' },
      notes: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...args] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }

  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) fail(err.message);
    throw err;
  }
  const logger = createLogger('warn');
  let database;
  try {
    database = await openConfiguredDatabase(env, logger);
  } catch (err) {
    if (err instanceof DataDirLockedError || err instanceof EnvError) fail(err.message);
    throw err;
  }
  try {
    await database.migrate();
    const services = createServices(database.db, env, { storage: createStorageFromEnv(env), logger });
    const num = (v: string | undefined, def: number, name: string) => {
      if (v === undefined) return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a whole number`);
      return n;
    };

    switch (command) {
      case 'grant': {
        const [email, role] = args;
        if (!email || !role) fail(USAGE);
        if (!ROLES.includes(role as Role)) fail(`Unknown role "${role}". Roles: ${ROLES.join(', ')}`);
        const ok = await services.roles.grantByEmail(email, role as Role);
        if (!ok) fail(`No user with the address ${email}. They must sign up first.`);
        console.log(`Granted ${role} to ${email}.`);
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
        for (const c of codes) console.log(c.code);
        break;
      }
      case 'beta': {
        const [state] = args;
        if (state !== 'open' && state !== 'closed') fail(USAGE);
        await services.settings.update({ betaOpen: state === 'open' }, null);
        console.log(`The beta is now ${state}.`);
        break;
      }
      default:
        fail(`Unknown command "${command}".\n\n${USAGE}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
