import { mkdtempSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv, resolveEnv } from '../env';
import { checkStorageFromEnv, ensureBucketFromEnv } from './from-env';
import { LOCAL_S3_KEYS, startLocalS3, type LocalS3 } from './local-s3';

const envWith = (vars: Record<string, string>) =>
  resolveEnv(parseEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-check-')), AUTH_SECRET: 'x'.repeat(40), ...vars }));

describe('the start-up check of the bucket', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-check-s3-')), bucket: 'curio-there' });
  });
  afterAll(async () => {
    await s3?.close();
  });
  const s3Env = (bucket: string) =>
    envWith({ S3_BUCKET: bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey });

  it('passes for a bucket that exists, and for the local folder', async () => {
    await expect(checkStorageFromEnv(s3Env('curio-there'))).resolves.toBeUndefined();
    await expect(checkStorageFromEnv(envWith({}))).resolves.toBeUndefined();
  });

  it('names S3_BUCKET when the bucket does not exist', async () => {
    const check = checkStorageFromEnv(s3Env('curio-not-there'));
    await expect(check).rejects.toBeInstanceOf(EnvError);
    await expect(check).rejects.toThrow(`S3_BUCKET: the bucket "curio-not-there" does not exist at S3_ENDPOINT ${s3.endpoint}; create it or correct S3_BUCKET`);
  });

  it('names S3_ENDPOINT when the store takes the connection and never answers, after the time-out', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket)); // reads nothing, answers nothing
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const check = checkStorageFromEnv(envWith({ S3_BUCKET: 'curio', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }), 500);
      await expect(check).rejects.toThrow(`S3_ENDPOINT: ${endpoint} did not answer within 0.5 s when checking the bucket "curio" (S3_BUCKET)`);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((r) => silent.close(r));
    }
  });
});

describe('making the bucket once before a container stack starts (create-bucket)', () => {
  const keys = { S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey };

  it('makes a missing bucket, then finds it there, and the start-up check passes', async () => {
    const s3 = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-make-s3-')) });
    try {
      const env = envWith({ S3_BUCKET: 'curio-new', S3_ENDPOINT: s3.endpoint, ...keys });
      await expect(checkStorageFromEnv(env)).rejects.toThrow('S3_BUCKET: the bucket "curio-new" does not exist');
      await expect(ensureBucketFromEnv(env)).resolves.toBe('created');
      await expect(ensureBucketFromEnv(env)).resolves.toBe('exists');
      await expect(checkStorageFromEnv(env)).resolves.toBeUndefined();
    } finally {
      await s3.close();
    }
  });

  it('waits for a store that is still starting (its port refused at first)', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r)); // nothing listens on the port now: connections are refused
    const env = envWith({ S3_BUCKET: 'curio-later', S3_ENDPOINT: `http://127.0.0.1:${port}`, ...keys });
    const made = ensureBucketFromEnv(env, 30_000);
    let settled = false;
    void made.finally(() => (settled = true)).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 1500)); // a quiet period: the store is not up yet, nothing may settle
    expect(settled).toBe(false);
    const s3 = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-make-s3-')), port });
    try {
      await expect(made).resolves.toBe('created');
    } finally {
      await s3.close();
    }
  });

  it('names the variable when the store never comes, and refuses without S3_BUCKET', async () => {
    const env = envWith({ S3_BUCKET: 'curio', S3_ENDPOINT: 'http://127.0.0.1:9', ...keys });
    await expect(ensureBucketFromEnv(env, 0)).rejects.toThrow('S3_ENDPOINT: cannot reach http://127.0.0.1:9 to check the bucket "curio" (S3_BUCKET)');
    await expect(ensureBucketFromEnv(envWith({}))).rejects.toThrow('S3_BUCKET: not set');
  });
});
