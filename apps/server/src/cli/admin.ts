import '../supported-node';
import path from 'node:path';
import { createApp } from '../app';
import { openConfiguredDatabase } from '../bootstrap';
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { createMailer } from '../mail/mailer';
import { runAdmin, type AdminConnect } from './admin-commands';

/** The server's own wiring (services, auth and its hooks) on the configured database, without listening. */
const connect: AdminConnect = async ({ migrate }) => {
  const env = loadEnv();
  // Only errors, and on stderr: stdout is the command's answer (scripts read it), and the server's warnings
  // (such as an unbuilt web app, which the command line does not serve) are not about the command.
  const logger = createLogger('error', false, 2);
  const database = await openConfiguredDatabase(env, logger);
  try {
    if (migrate) await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.DATA_DIR, 'outbox'), logger });
  const { services, auth, adminAccounts, close } = createApp({ env, database, logger, mailer, isMigrated: () => migrate });
  return {
    database,
    services,
    auth,
    accounts: adminAccounts,
    async close() {
      await auth.$context.catch(() => undefined);
      await services.functionStats.stop();
      await services.jobs.stop();
      await services.events.stop(); // the app starts listening in the background: stop before closing
      await close();
      await database.close();
    },
  };
};

runAdmin(process.argv.slice(2), connect, { out: (line) => console.log(line), err: (line) => console.error(line) }).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
