import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteBuild, SITE_MANIFEST } from './assets';
import { sitemapXml } from './seo';

describe('the site build', () => {
  it('dates the pages from the build, not from the request (the sitemap’s lastmod)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-site-build-'));
    const manifest = path.join(dir, SITE_MANIFEST);
    fs.mkdirSync(path.dirname(manifest), { recursive: true });
    fs.writeFileSync(manifest, JSON.stringify({ 'src/views/site/client/main.ts': { file: 'assets/main-abc.js' } }));
    fs.utimesSync(manifest, new Date('2026-01-02T10:00:00Z'), new Date('2026-01-02T10:00:00Z'));
    const build = loadSiteBuild(dir);
    expect(build.builtAt.toISOString()).toBe('2026-01-02T10:00:00.000Z');
    expect(sitemapXml('https://darsi.dz', ['/'], build.builtAt.toISOString().slice(0, 10))).toContain('<lastmod>2026-01-02</lastmod>');
    // Without a build, one date for the life of the process.
    expect(loadSiteBuild(path.join(dir, 'none')).builtAt).toBe(loadSiteBuild(path.join(dir, 'other')).builtAt);
  });
});
