// s3rver on 0.0.0.0:PORT keeping its objects under DIR, for the identities of SeaweedFS's identity file CONFIG
// (the arguments), until SIGTERM: requests are signed with those keys or refused (s3rver's own key is
// revoked). Its deletes run one at a time: two at once in one folder race on removing the folder
// (apps/server/src/storage/local-s3.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import S3rver from 's3rver';

const [dir = '/data', port = '8333', config = ''] = process.argv.slice(2);
const AWSAccount = createRequire(import.meta.url)('s3rver/lib/models/account.js');
if (config) {
  const { identities } = JSON.parse(readFileSync(config, 'utf8'));
  for (const identity of identities) for (const { accessKey, secretKey } of identity.credentials) AWSAccount.DUMMY_ACCOUNT.createKeyPair(accessKey, secretKey);
  AWSAccount.DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
}
// Path-style only: the store is reached by its service name (http://s3:8333), which is no bucket.
const server = new S3rver({ address: '0.0.0.0', port: Number(port), directory: dir, silent: false, vhostBuckets: false });
const deleteObject = server.store.deleteObject.bind(server.store);
let last = Promise.resolve();
server.store.deleteObject = (bucket, key) => {
  const run = last.then(() => deleteObject(bucket, key));
  last = run.catch(() => undefined);
  return run;
};
await server.run();
console.log(`s3rver listening on ${port}, objects in ${dir}${config ? `, keys of ${config}` : ''}`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void server.close().then(() => process.exit(0)));
