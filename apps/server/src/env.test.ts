import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, REPO_ROOT } from './env';

describe('environment', () => {
  it('fills the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.SIGNUP_CREDITS).toBe(30);
    expect(env.INVITE_PREFIX).toBe('CURIO-');
    expect(env.ADMIN_EMAILS).toEqual([]);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('splits and lower-cases ADMIN_EMAILS', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Ann@Example.com, bob@example.com ,' }).ADMIN_EMAILS).toEqual(['ann@example.com', 'bob@example.com']);
  });

  it('requires AUTH_SECRET when DATABASE_URL is set, and not without it', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/curio';
    expect(() => parseEnv({ DATABASE_URL: url, S3_BUCKET: 'curio' })).toThrow(/AUTH_SECRET: required when DATABASE_URL is set/);
    expect(parseEnv({ DATABASE_URL: url, AUTH_SECRET: 'x'.repeat(32), S3_BUCKET: 'curio' }).DATABASE_URL).toBe(url);
    expect(parseEnv({}).AUTH_SECRET).toBeUndefined();
  });

  it('refuses WORKERS=0 with the model cut-out on the embedded database, where no other process can make cut-outs', () => {
    expect(() => parseEnv({ WORKERS: '0' })).toThrow(/WORKERS: 0 needs CUTOUT=simple on the embedded database/);
    expect(parseEnv({ WORKERS: '0', CUTOUT: 'simple' }).WORKERS).toBe(0);
    // On PostgreSQL the cut-outs can come from worker processes started elsewhere.
    expect(parseEnv({ WORKERS: '0', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/curio', AUTH_SECRET: 'x'.repeat(32), S3_BUCKET: 'curio' }).WORKERS).toBe(
      0,
    );
  });

  it('refuses DATABASE_URL with images in DATA_DIR unless S3_BUCKET is set or the folder is declared shared', () => {
    const pgEnv = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/curio', AUTH_SECRET: 'x'.repeat(32) };
    expect(() => parseEnv(pgEnv)).toThrow(EnvError);
    expect(() => parseEnv(pgEnv)).toThrow(/S3_BUCKET: required when DATABASE_URL is set.*LOCAL_STORAGE_SHARED=true/);
    expect(() => parseEnv({ ...pgEnv, LOCAL_STORAGE_SHARED: 'false' })).toThrow(/S3_BUCKET:/);
    expect(parseEnv({ ...pgEnv, LOCAL_STORAGE_SHARED: 'true' }).LOCAL_STORAGE_SHARED).toBe(true);
    expect(parseEnv({ ...pgEnv, S3_BUCKET: 'curio' }).S3_BUCKET).toBe('curio');
    // The embedded database serves one process: its folder needs no declaration.
    expect(parseEnv({}).LOCAL_STORAGE_SHARED).toBe(false);
    expect(() => parseEnv({ LOCAL_STORAGE_SHARED: 'maybe' })).toThrow(/LOCAL_STORAGE_SHARED:/);
  });

  it('refuses an empty PORT or 0 (the system would pick a random port), naming the range', () => {
    for (const value of ['', '0', ' ', '65536', '80.5', '-1']) {
      expect(() => parseEnv({ PORT: value })).toThrow(/PORT: must be a port number 1–65535/);
    }
    expect(parseEnv({ PORT: '8080' }).PORT).toBe(8080);
    expect(parseEnv({ PORT: '65535' }).PORT).toBe(65535);
  });

  it('refuses the AUTH_SECRET of deploy/env.example and other placeholders, saying how to make one', () => {
    const example = readFileSync(path.join(REPO_ROOT, 'deploy/env.example'), 'utf8').match(/^AUTH_SECRET=(.*)$/m)![1]!;
    for (const value of [
      example,
      'changeme-changeme-changeme-changeme',
      'REPLACE_ME_WITH_A_LONG_RANDOM_SECRET_VALUE',
      'your-secret-of-at-least-32-characters-here',
    ]) {
      expect(() => parseEnv({ AUTH_SECRET: value })).toThrow(
        /AUTH_SECRET: is an example value; generate a secret of your own, e\.g\. `openssl rand -base64 32`/,
      );
    }
    const generated = randomBytes(32).toString('base64');
    expect(parseEnv({ AUTH_SECRET: generated }).AUTH_SECRET).toBe(generated);
  });

  it('refuses an S3_ENDPOINT that is not an http(s) URL', () => {
    for (const value of ['minio:9000', 'ftp://minio:9000', 's3://bucket']) {
      expect(() => parseEnv({ S3_ENDPOINT: value })).toThrow(/S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/);
    }
    expect(parseEnv({ S3_ENDPOINT: 'http://minio:9000' }).S3_ENDPOINT).toBe('http://minio:9000');
    expect(parseEnv({ S3_ENDPOINT: 'https://s3.example.org' }).S3_ENDPOINT).toBe('https://s3.example.org');
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps:// with a host', () => {
    for (const value of ['smtp.example.org:587', 'https://smtp.example.org', 'smtp:', 'smtps://']) {
      expect(() => parseEnv({ SMTP_URL: value })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL with a host/);
    }
    expect(parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525');
    expect(parseEnv({ SMTP_URL: 'smtps://user:password@smtp.example.org' }).SMTP_URL).toBe('smtps://user:password@smtp.example.org');
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'not a url'],
    ['SIGNUP_CREDITS', '-1'],
    ['LOG_LEVEL', 'loud'],
    ['AUTH_SECRET', 'short'],
  ])('names the variable when %s is bad', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
