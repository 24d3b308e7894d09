import { DEFAULT_PRIMARY_COLOR } from './constants';

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** A stored preference is untrusted input: anything but a 7-character hex falls back to the default. */
export function parsePrimaryColor(stored: unknown): string {
  return typeof stored === 'string' && HEX_COLOR.test(stored) ? stored.toLowerCase() : DEFAULT_PRIMARY_COLOR;
}
