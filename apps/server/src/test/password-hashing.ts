import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordHashing } from '../auth/auth';

/**
 * The in-process tests' password hashing: node's scrypt as better-auth uses it (a salt, `salt:key` in hex), at a
 * cost of N=1024 instead of 16384. A test suite signs up a few thousand people; at the real cost each sign-up and
 * password sign-in spends about a tenth of a second of CPU, a third of the API tests' time. The server, the
 * browser tests and every other way Curio runs keep better-auth's own hashing; only createTestApp passes this.
 */
const N = 1024;
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: 16, p: 1, maxmem: 128 * N * 16 * 2 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
