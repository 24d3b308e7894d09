import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/i18n';

type TTree = { [key: string]: unknown };
const VIEWS = path.resolve('src/views/site');
const load = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.resolve('public/locales', lng, `${ns}.json`), 'utf8')) as TTree;
const lookup = (tree: TTree, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as TTree)[part] : undefined), tree);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.tsx?$/.test(e.name) && !e.name.includes('.test.') ? [full] : [];
  });
}

/** The server-rendered site is outside src/web, so the web's key test does not see it: this one does. */
describe('public site translations', () => {
  it('defines every key the site views use, in ar, en and fr', () => {
    const problems: string[] = [];
    for (const file of files(VIEWS)) {
      const source = fs.readFileSync(file, 'utf8');
      for (const [, fn, literal, head, dynamic] of source.matchAll(/\b(t|list)(?:<[^>]+>)?\(\s*(?:'([^']+)'|`([^`$]+)(\$\{)?[^`]*`)/g)) {
        const raw = literal ?? head ?? '';
        const [ns, key] = raw.includes(':') ? (raw.split(':') as [string, string]) : ['site', raw];
        // A dynamic key names a group (`areas.${key}.title` → areas) or a family of plural forms (`launch_${form}`).
        const group = dynamic && !key.endsWith('.') ? key.slice(0, key.lastIndexOf('.')) : key.replace(/\.$/, '');
        const stem = dynamic && !key.endsWith('.') ? key.slice(key.lastIndexOf('.') + 1) : '';
        for (const lng of LANGUAGES) {
          const node = lookup(load(lng, ns), dynamic ? group : key);
          const isGroup = typeof node === 'object' && node !== null;
          const ok = dynamic
            ? isGroup && (!stem || Object.keys(node as TTree).some((k) => k.startsWith(stem)))
            : fn === 'list'
              ? isGroup
              : typeof node === 'string';
          const wanted = dynamic ? `${group}.${stem}*` : key;
          if (!ok) problems.push(`${path.relative(VIEWS, file)}: ${lng}/${ns} ${wanted}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
