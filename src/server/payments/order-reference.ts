import { randomInt } from 'node:crypto';

// Crockford's base 32 without the letters read as digits (I, L, O) or U: easy to read out and to type.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A human order reference, e.g. DRS-7K3Q9M2X: what the student writes on a transfer and the teacher searches. */
export function newOrderReference(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `DRS-${code}`;
}
