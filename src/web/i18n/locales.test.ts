import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from '@shared/i18n';
import { ERROR_STATUS } from '@shared/errors';

type TTree = { [key: string]: string | TTree };
const LOCALES = path.resolve('public/locales');
const WEB = path.resolve('src/web');

const load = (lng: string, ns: string): TTree => JSON.parse(fs.readFileSync(path.join(LOCALES, lng, `${ns}.json`), 'utf8')) as TTree;

function flatten(tree: TTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

function lookup(tree: TTree, key: string): string | TTree | undefined {
  return key.split('.').reduce<string | TTree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.includes('.test.') ? [full] : [];
  });
}

describe('translations', () => {
  it('has the same namespaces as the code declares, in every language', () => {
    for (const lng of LANGUAGES) {
      const files = fs
        .readdirSync(path.join(LOCALES, lng))
        .map((f) => f.replace(/\.json$/, ''))
        .sort();
      expect(files, lng).toEqual([...NAMESPACES].sort());
    }
  });

  it('has every key in ar, en and fr, none empty', () => {
    for (const ns of NAMESPACES) {
      const keys = new Set(LANGUAGES.flatMap((lng) => flatten(load(lng, ns))));
      for (const lng of LANGUAGES) {
        const tree = load(lng, ns);
        const missing = [...keys].filter((k) => typeof lookup(tree, k) !== 'string' || lookup(tree, k) === '');
        expect(missing, `${lng}/${ns}.json lacks`).toEqual([]);
      }
    }
  });

  it('has a message for every error code', () => {
    for (const lng of LANGUAGES) {
      const codes = load(lng, 'errors').codes as TTree;
      // A counted message also has its plural forms (CODE_ATTEMPTS_LOCKED_few…), named after its code.
      const messages = Object.keys(codes).filter((k) => !/_(zero|one|two|few|many|other)$/.test(k));
      expect(messages.sort(), lng).toEqual(Object.keys(ERROR_STATUS).sort());
    }
  });

  it('defines every key the web code uses', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(WEB)) {
      const source = fs.readFileSync(file, 'utf8');
      const defaultNs = /useTranslation\(\s*'([\w-]+)'/.exec(source)?.[1] ?? 'common';
      const calls = source.matchAll(/\bt\(\s*(?:'([^']+)'|`([^`$]+)(\$\{)?[^`]*`)/g);
      for (const [, literal, templateHead, isDynamic] of calls) {
        const raw = literal ?? templateHead ?? '';
        const [ns, key] = raw.includes(':') ? (raw.split(':') as [string, string]) : [defaultNs, raw];
        // A dynamic key like `overlay.tips.${i}` must at least name an existing group.
        const wanted = isDynamic ? key.replace(/\.$/, '') : key;
        for (const lng of LANGUAGES) {
          const node = fs.existsSync(path.join(LOCALES, lng, `${ns}.json`)) ? lookup(load(lng, ns), wanted) : undefined;
          const ok = isDynamic ? typeof node === 'object' : typeof node === 'string';
          if (!ok) problems.push(`${path.relative(WEB, file)}: ${lng}/${ns} ${wanted}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('has the ten Arabic loading tips', () => {
    const tips = lookup(load('ar', 'common'), 'overlay.tips') as TTree;
    expect(Object.keys(tips)).toHaveLength(10);
    for (const tip of Object.values(tips)) expect(tip).toMatch(/[\u0600-\u06FF]/);
  });
});
