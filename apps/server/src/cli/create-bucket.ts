/**
 * node dist/create-bucket.js: makes S3_BUCKET at S3_ENDPOINT unless it exists, waiting up to a minute for
 * a store that is still starting. The container stack runs it once before the web processes and the
 * worker (deploy/compose.yaml, the `bucket` service), whatever the S3-compatible store.
 */
import '../supported-node';
import { EnvError, loadEnv } from '../env';
import { ensureBucketFromEnv } from '../storage/from-env';

try {
  const env = loadEnv();
  const outcome = await ensureBucketFromEnv(env);
  console.log(outcome === 'created' ? `made the bucket "${env.S3_BUCKET}"` : `the bucket "${env.S3_BUCKET}" is there`);
} catch (err) {
  console.error(err instanceof EnvError ? err.message : err);
  process.exit(1);
}
