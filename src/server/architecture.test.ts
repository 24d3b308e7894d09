import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is the map a newcomer reads first: its two tables must name exactly the folders that exist.
const doc = fs.readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');

function folders(relative: string, except: string[] = []): string[] {
  return fs
    .readdirSync(new URL(relative, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !except.includes(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The first cell of each row of the table under `heading`, as written: `name/`. */
function tableRows(heading: string): string[] {
  const section = doc.split(`\n## ${heading}`)[1]?.split('\n## ')[0] ?? '';
  return [...section.matchAll(/^\| `([a-z-]+)\/` \|/gm)].map((match) => match[1]!).sort();
}

describe('docs/architecture.md matches the folders', () => {
  it('has one row per server domain', () => {
    expect(tableRows('Domain folders (src/server)')).toEqual(folders('./', ['core', 'seed']));
  });

  it('has one row per web feature', () => {
    expect(tableRows('Web features (src/web/features)')).toEqual(folders('../web/features/'));
  });
});
