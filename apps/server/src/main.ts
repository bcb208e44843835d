import './supported-node';
import { EnvError, loadEnv } from './env';

/**
 * The web process's entry. It checks the Node.js version and the settings before it loads the rest of the server
 * (the database, the image library, the app: about two seconds on a small machine), so that a wrong setting stops
 * the start at once with one line naming the variable.
 */
function settings() {
  try {
    return loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const env = settings();
const { startServer, startFailed } = await import('./server');
startServer(env).catch(startFailed);
