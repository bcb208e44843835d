import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

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
    expect(parseEnv({ ADMIN_EMAILS: ' Ann@Example.com, bob@example.com ,' }).ADMIN_EMAILS).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
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
    expect(parseEnv({ WORKERS: '0', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/curio', AUTH_SECRET: 'x'.repeat(32), S3_BUCKET: 'curio' }).WORKERS).toBe(0);
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
