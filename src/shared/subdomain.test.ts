import { describe, expect, it } from 'vitest';
import { sanitizeSubdomainInput, strippedIssue, subdomainFromHost, subdomainIssue } from './subdomain';
import { suggestSubdomain } from './subdomain-suggest';
import { fuzz } from '../../tests/fuzz';

const prod = { rootDomain: 'darsi.dz', allowDevHosts: false };
const dev = { rootDomain: 'localhost:3000', allowDevHosts: true };

describe('subdomainFromHost', () => {
  it('finds the teacher label under the main domain, ignoring port and case', () => {
    expect(subdomainFromHost('demo.darsi.dz', prod)).toBe('demo');
    expect(subdomainFromHost('Demo.Darsi.DZ:443', prod)).toBe('demo');
    expect(subdomainFromHost('my-school.darsi.dz.', prod)).toBe('my-school');
  });

  it('treats the main domain, www and "undefined" as no subdomain', () => {
    expect(subdomainFromHost('darsi.dz', prod)).toBeNull();
    expect(subdomainFromHost('www.darsi.dz', prod)).toBeNull();
    expect(subdomainFromHost('undefined.darsi.dz', prod)).toBeNull();
    expect(subdomainFromHost('www.localhost:3000', dev)).toBeNull();
  });

  it('allows only letters, digits and hyphens in one label', () => {
    expect(subdomainFromHost('de_mo.darsi.dz', prod)).toBeNull();
    expect(subdomainFromHost('a.b.darsi.dz', prod)).toBeNull();
    expect(subdomainFromHost('دروس.darsi.dz', prod)).toBeNull();
    expect(subdomainFromHost(`${'a'.repeat(64)}.darsi.dz`, prod)).toBeNull();
  });

  it('ignores foreign hosts', () => {
    expect(subdomainFromHost('demo.evil.com', prod)).toBeNull();
    expect(subdomainFromHost('evildarsi.dz', prod)).toBeNull();
    expect(subdomainFromHost('[::1]:3000', dev)).toBeNull();
  });

  it('honours .localhost and ?subdomain= only in development', () => {
    expect(subdomainFromHost('demo.localhost:3000', dev)).toBe('demo');
    expect(subdomainFromHost('demo.localhost', prod)).toBeNull();
    expect(subdomainFromHost('localhost:3000', dev, 'demo')).toBe('demo');
    expect(subdomainFromHost('darsi.dz', prod, 'demo')).toBeNull();
    expect(subdomainFromHost('localhost:3000', dev, 'www')).toBeNull();
    expect(subdomainFromHost('localhost:3000', dev, '<script>')).toBeNull();
  });

  it('never throws, whatever it is given', () => {
    const samples: unknown[] = [undefined, null, 42, {}, [], '', ':', '[', '....', '\u0000', 'a'.repeat(10_000)];
    const alphabet = 'aZ0-._:[]@%/ \u0000\u00e9\u0627';
    const random = fuzz();
    for (let i = 0; i < 2_000; i += 1) samples.push(random.string(alphabet, i % 70));
    for (const host of samples) {
      expect(() => subdomainFromHost(host, dev, host), `${JSON.stringify(host)} (${random.seed})`).not.toThrow();
      expect(() => subdomainFromHost(host, prod), `${JSON.stringify(host)} (${random.seed})`).not.toThrow();
    }
  });
});

describe('registration subdomain rules (spec §5)', () => {
  it('accepts lowercase letters, digits and inner hyphens of 3 to 63 characters', () => {
    expect(subdomainIssue('ahmed-math')).toBeNull();
    expect(subdomainIssue('abc')).toBeNull();
    expect(subdomainIssue('a'.repeat(63))).toBeNull();
  });

  it('names each problem', () => {
    expect(subdomainIssue('Ahmed')).toBe('chars');
    expect(subdomainIssue('ah_med')).toBe('chars');
    expect(subdomainIssue('ab')).toBe('tooShort');
    expect(subdomainIssue('')).toBe('tooShort');
    expect(subdomainIssue('a'.repeat(64))).toBe('tooLong');
    expect(subdomainIssue('-ahmed')).toBe('invalid');
    expect(subdomainIssue('ahmed-')).toBe('invalid');
    expect(subdomainIssue('admin')).toBe('invalid');
    expect(subdomainIssue('xn--mgbh0fb')).toBe('invalid');
  });

  it('rejects Unicode look-alikes', () => {
    expect(subdomainIssue('dеmo')).toBe('chars'); // Cyrillic е
    expect(subdomainIssue('ｄｅｍｏ')).toBe('chars'); // full-width
  });

  it('strips what may not be typed, and suggests from an Arabic name', () => {
    expect(sanitizeSubdomainInput('Ahmed Ali_2!')).toBe('ahmedali2');
    expect(suggestSubdomain('أحمد بن علي')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(suggestSubdomain('  Sara  Math ')).toBe('sara-math');
  });

  it('names the rule a stripped keystroke broke, so the field can say why nothing was typed', () => {
    expect(strippedIssue('ahmed_')).toBe('chars');
    expect(strippedIssue('أحمد')).toBe('chars');
    expect(strippedIssue('a'.repeat(64))).toBe('tooLong');
    expect(strippedIssue('Ahmed')).toBeNull(); // capitals are lowered, not dropped
    expect(strippedIssue('ahmed-2')).toBeNull();
  });
});

describe('subdomain suggestions from a full name', () => {
  it('read Arabic names the way they are written in Latin letters, vowels included', () => {
    const cases: Record<string, string> = {
      'محمد الأمين': 'mohamed-elamine',
      'أحمد بن علي': 'ahmed-ben-ali',
      'خديجة بلقاسم': 'khadidja-belkacem',
      'نور الهدى': 'nour-elhouda',
      'عبد القادر': 'abdelkader',
      عبدالله: 'abdallah',
      مُحَمَّد: 'mohamed', // diacritics do not matter
      'الأستاذة مريم': 'prof-meriem',
      'أحمد ٢٠٢٤': 'ahmed-2024',
      'Amélie Durand': 'amelie-durand',
    };
    for (const [name, expected] of Object.entries(cases)) expect(suggestSubdomain(name), name).toBe(expected);
  });

  it('gives names outside the list their short vowels back', () => {
    expect(suggestSubdomain('كريم')).toBe('karim');
    expect(suggestSubdomain('حمزة')).toBe('hamza');
    expect(suggestSubdomain('لخضر منصوري')).toBe('lakhdar-mansouri');
    expect(suggestSubdomain('عائشة الجزائري')).toBe('aicha-eldjazairi');
  });

  it('always respects the §5 rules, cutting an overlong name at a word boundary', () => {
    const long = 'عبد الرحمن بن محمد الجزائري '.repeat(3);
    expect(suggestSubdomain(long)).toBe('abdelrahmane-ben-mohamed-eldjazairi-abdelrahmane-ben-mohamed');
    for (const name of [long, 'يوسف', 'فاطمة الزهراء', 'سعيد', 'وداد', 'ء ء', 'Prof. أحمد', '-- سارة --']) {
      const suggestion = suggestSubdomain(name);
      if (suggestion.length >= 3) expect(subdomainIssue(suggestion), `${name} → ${suggestion}`).toBeNull();
    }
  });
});
