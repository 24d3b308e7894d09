import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/i18n';
import { AUDIT_ACTIONS, AUDIT_DETAIL_KEYS, AUDIT_TARGET_TYPES } from './audit';

/*
 * Issue 24: the admin's audit log showed raw keys (codes.guessing_reopened, serials, payment_order, amountDzd).
 * Every action, target and detail key the server may write (their types make a new one go through these
 * lists) has a label in each language.
 */
const admin = (lng: string) => JSON.parse(fs.readFileSync(path.resolve('public/locales', lng, 'admin.json'), 'utf8')).audit;
const label = (tree: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('audit log labels', () => {
  for (const lng of LANGUAGES) {
    it(`names every action, target and detail in ${lng}`, () => {
      const audit = admin(lng);
      const missing = [
        ...AUDIT_ACTIONS.filter((a) => typeof label(audit.actions, a) !== 'string').map((a) => `actions.${a}`),
        ...AUDIT_TARGET_TYPES.filter((t) => typeof audit.targets[t] !== 'string').map((t) => `targets.${t}`),
        ...AUDIT_DETAIL_KEYS.filter((k) => typeof audit.fields[k] !== 'string').map((k) => `fields.${k}`),
      ];
      expect(missing).toEqual([]);
      // A label reads as words, not as the key it stands for.
      for (const value of [...Object.values(audit.fields), ...Object.values(audit.targets)] as string[]) expect(value).not.toMatch(/^[a-z]+[A-Z_][A-Za-z_]*$/);
    });
  }

  it('keeps the Arabic labels free of the word swap that turned "marked" (مُعلَّمة) into "teacher" (أستاذة)', () => {
    expect(admin('ar').actions.codes.codes_sold).not.toContain('أستاذة');
  });
});
