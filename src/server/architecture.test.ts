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

/** The cells after the first of each row of the table under `heading`, by the first cell's folder name. */
function cellsOf(heading: string): Map<string, string[]> {
  const section = doc.split(`\n## ${heading}`)[1]?.split('\n## ')[0] ?? '';
  const rows = [...section.matchAll(/^\| `([a-z-]+)\/` \|(.*)\|$/gm)];
  return new Map(rows.map((row) => [row[1]!, row[2]!.split(' | ').map((cell) => cell.trim())]));
}

describe('docs/architecture.md matches the folders', () => {
  it('has one row per server domain', () => {
    expect(tableRows('Domain folders (src/server)')).toEqual(folders('./', ['core', 'seed']));
  });

  it('has one row per web feature', () => {
    expect(tableRows('Web features (src/web/features)')).toEqual(folders('../web/features/'));
  });

  // Issue 21: a web feature is named like the server domain whose screens it holds; the few that are not are web
  // areas (a layout, the error pages), written so in the table, so that a new folder is one or the other on purpose.
  it('names each web feature like its server domain, or marks it a web area', () => {
    const domains = folders('./', ['core', 'seed']);
    for (const [feature, [domain = '']] of cellsOf('Web features (src/web/features)')) {
      if (domains.includes(feature)) expect(domain, feature).toBe(`\`${feature}\``);
      else expect(domain, `${feature} is no server domain: mark it "web area" or rename it after its domain`).toBe('web area');
    }
  });

  it("lists a domain's own web feature in its row", () => {
    const features = folders('../web/features/');
    for (const [domain, row] of cellsOf('Domain folders (src/server)')) {
      if (features.includes(domain)) expect(row[3]?.split(', '), domain).toContain(domain);
    }
  });
});

// Decision 126: app.ts mounts each domain's whole API once, at /api/<its folder's name>.
const app = fs.readFileSync(new URL('./app.ts', import.meta.url), 'utf8');
const createApi = app.split('function createApi(')[1]?.split('\n}\n')[0] ?? '';
const mounts = [...createApi.matchAll(/\.route\('\/([a-z-]+)'/g)].map((match) => match[1]!);

describe('each domain has one URL prefix (decision 126)', () => {
  it('mounts each domain once in app.ts, under its folder name', () => {
    expect(mounts.length).toBeGreaterThan(10);
    expect(new Set(mounts).size).toBe(mounts.length);
    const domains = folders('./', ['core', 'seed']);
    for (const name of mounts) expect(domains, `/api/${name}`).toContain(name);
    // Nothing else mounts under /api outside createApi.
    expect(app.replace(createApi, '')).not.toMatch(/\.route\('\/api\//);
  });

  it('writes each mounted prefix and an existing web feature in the domain table', () => {
    const cells = cellsOf('Domain folders (src/server)');
    const features = folders('../web/features/');
    for (const [domain, row] of cells) {
      const [, , prefix = '', webFeature = ''] = row;
      if (mounts.includes(domain)) expect(prefix, domain).toMatch(new RegExp(`^\`/api/${domain}\`( |;|$)`));
      else expect(prefix, domain).toBe('—');
      for (const feature of webFeature.split(', ').filter((name) => name !== '—')) expect(features, `${domain} → ${feature}`).toContain(feature);
    }
  });
});
