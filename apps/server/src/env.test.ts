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
    expect(() => parseEnv({ DATABASE_URL: url })).toThrow(/AUTH_SECRET: required when DATABASE_URL is set/);
    expect(parseEnv({ DATABASE_URL: url, AUTH_SECRET: 'x'.repeat(32) }).DATABASE_URL).toBe(url);
    expect(parseEnv({}).AUTH_SECRET).toBeUndefined();
  });

  it('refuses WORKERS=0 with the model cut-out on the embedded database, where no other process can make cut-outs', () => {
    expect(() => parseEnv({ WORKERS: '0' })).toThrow(/WORKERS: 0 needs CUTOUT=simple on the embedded database/);
    expect(parseEnv({ WORKERS: '0', CUTOUT: 'simple' }).WORKERS).toBe(0);
    // On PostgreSQL the cut-outs can come from worker processes started elsewhere.
    expect(parseEnv({ WORKERS: '0', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/curio', AUTH_SECRET: 'x'.repeat(32) }).WORKERS).toBe(0);
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
