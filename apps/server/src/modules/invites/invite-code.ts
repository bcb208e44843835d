import { randomInt } from 'node:crypto';
import { INVITE_ALPHABET, INVITE_BODY_LENGTH } from '@curio/contract';

/** A prefix plus 8 characters of the unambiguous alphabet (no I, O, 0, 1), from a CSPRNG. */
export function generateInviteCode(prefix: string): string {
  let body = '';
  for (let i = 0; i < INVITE_BODY_LENGTH; i++) body += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return `${prefix}${body}`;
}
