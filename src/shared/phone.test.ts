import { describe, expect, it } from 'vitest';
import { algerianPhone, whatsappLink } from './phone';

describe('algerianPhone', () => {
  it('reads national, international and 00 forms as the same E.164 number', () => {
    for (const typed of ['0555 12 34 56', '+213 555 12 34 56', '00213555123456', ' 0555-12-34-56 ']) expect(algerianPhone(typed)).toBe('+213555123456');
  });
  it('refuses numbers that are not Algerian or not numbers', () => {
    for (const typed of ['+33 6 12 34 56 78', '12345', 'abc', '', '+213 12']) expect(algerianPhone(typed)).toBeNull();
  });
  it('builds a wa.me link from the digits', () => {
    expect(whatsappLink('+213555123456')).toBe('https://wa.me/213555123456');
  });
});
