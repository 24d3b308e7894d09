import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PAGE_HEADERS } from '@server/landing/page-files';
import { withLandingFastPath } from '@server/landing/fast-path';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN } from './admin-fixtures';
import { browser } from './browser';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { createPage, publish, signedInTeacher, type TTeacherClient } from './landing-helpers';
import { freePort, rawGet, type TRawReply } from '../support/net';
import { NGINX, startNginx } from '../support/nginx';

/*
 * Decision 220: nginx in front (deploy/nginx.conf's page location, with deploy/darsi-pages-maps.conf and
 * deploy/darsi-pages.conf as they ship) serves the pages Darsi wrote as files, and never one after its teacher was
 * suspended or the page unpublished: Darsi removes the files before it answers the request that changed them.
 */
const DEPLOY = path.resolve('deploy');

/** The inside of nginx's http block: deploy/'s page location in front of Darsi, as it ships. */
function pagesConf(port: number, darsi: number, pages: string) {
  return `  sendfile on;
  include ${DEPLOY}/darsi-pages-maps.conf;
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_set_header Host $http_host;
    location / {
      root ${pages};
      try_files /$host$uri.$darsi_page_lng.html @darsi;
      include ${DEPLOY}/darsi-pages.conf;
    }
    location @darsi { proxy_pass http://127.0.0.1:${darsi}; }
    location /api/ { proxy_pass http://127.0.0.1:${darsi}; }
  }`;
}

const fromFile = (r: TRawReply) => /^"[0-9a-f]+-[0-9a-f]+"$/.test(String(r.headers.etag));

describe.runIf(fs.existsSync(NGINX))(`landing pages served by nginx from Darsi's files (${DRIVER})`, () => {
  let t: TTestApp;
  let a: TTeacherClient;
  let server: ReturnType<typeof serve>;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  let port: number;
  let front: number;
  let pages: string;
  let pageId: string;
  const visit = (headers: Record<string, string> = {}, pathname = '/') => rawGet(front, `${a.subdomain}.localhost:${port}`, pathname, headers);

  beforeAll(async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'darsi-lp-files-'));
    pages = path.join(work, 'pages');
    [port, front] = await Promise.all([freePort(), freePort()]);
    t = await createTestApp({ TRUST_PROXY: 'true', PUBLIC_HOST: `localhost:${port}`, LANDING_FILES_DIR: pages, ADMIN_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN });
    a = await signedInTeacher(t);
    pageId = (await createPage(a, 'صفحة تخدمها nginx')).id as string;
    await publish(a, pageId);
    server = serve({ fetch: t.app.fetch, port, hostname: '127.0.0.1', createServer: withLandingFastPath(t.services) });
    await new Promise((r) => server.once('listening', r));
    nginx = await startNginx(work, front, pagesConf(front, port, pages));
  });
  afterAll(async () => {
    nginx?.stop();
    await new Promise((r) => server.close(r));
    await t.close();
  });

  it('serves the bytes and headers Darsi sent, from a file, in the language Darsi would pick', async () => {
    // Darsi answers (from its cache, warmed by the publish) and writes the file; nginx serves the next visit.
    const second = await visit();
    expect(second.status).toBe(200);
    expect(fromFile(second)).toBe(false);
    const third = await visit();
    expect(third.status).toBe(200);
    expect(fromFile(third)).toBe(true);
    expect(third.body.equals(second.body)).toBe(true);
    for (const [name] of FILE_PAGE_HEADERS) expect([name, third.headers[name]]).toEqual([name, second.headers[name]]);

    // English through the cookie, French through Accept-Language: each its own file, never the Arabic one.
    for (const [headers, lng] of [
      [{ cookie: 'i18next=en' }, 'en'],
      [{ 'accept-language': 'fr-FR,fr;q=0.9,ar;q=0.5' }, 'fr'],
    ] as const) {
      await visit(headers);
      const darsi = await visit(headers);
      const nginxCopy = await visit(headers);
      expect(fromFile(nginxCopy)).toBe(true);
      expect(nginxCopy.body.equals(darsi.body)).toBe(true);
      expect(darsi.body.toString()).toContain(`lang="${lng}"`);
    }
    // What the maps cannot decide goes to Darsi: a query string, a language with a lower weight first.
    expect(fromFile(await visit({}, '/?lng=en'))).toBe(false);
    expect(fromFile(await visit({ 'accept-language': 'de;q=0.9,en' }))).toBe(false);
    // gzip: the copy Darsi wrote beside the page.
    const gz = await visit({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('never serves a page once it is unpublished, nor once its teacher is suspended', async () => {
    await visit();
    await visit();
    expect(fromFile(await visit())).toBe(true);
    const unpublished = await a.b.post(`/api/landing/pages/${pageId}/unpublish`);
    expect(unpublished.status).toBe(200);
    // The very next request, with no delay: no file, and Darsi's answer is not the page.
    const after = await visit();
    expect(fromFile(after)).toBe(false);
    expect(after.body.toString()).not.toContain('صفحة تخدمها nginx');

    await publish(a, pageId);
    await visit();
    await visit();
    expect(fromFile(await visit())).toBe(true);
    const admin = browser(t);
    const registered = await admin.post('/api/admin/register', {
      name: 'مسؤول',
      email: 'root-files@example.test',
      password: ADMIN_PASSWORD,
      token: BOOTSTRAP_TOKEN,
    });
    expect(registered.status).toBe(201);
    const suspended = await admin.patch(`/api/admin/teachers/${a.teacherId}/status`, { status: 'suspended', reason: 'test' });
    expect(suspended.status, await suspended.clone().text()).toBe(200);
    const blocked = await visit();
    expect(fromFile(blocked)).toBe(false);
    expect(blocked.status).toBe(302);
    expect(blocked.headers.location).toBe('/inactive');
    expect(fs.readdirSync(pages)).not.toContain(`${a.subdomain}.localhost`);
  });

  it('holds deploy/darsi-pages.conf to the headers Darsi writes files for', () => {
    const conf = fs.readFileSync(path.join(DEPLOY, 'darsi-pages.conf'), 'utf8');
    const added = Object.fromEntries([...conf.matchAll(/^add_header (\S+) "(.*)";$/gm)].map((m) => [m[1]!.toLowerCase(), m[2]]));
    const expected = Object.fromEntries(FILE_PAGE_HEADERS.filter(([name]) => name !== 'content-type'));
    expect(added).toEqual(expected);
    expect(conf).toMatch(/^default_type text\/html;$/m);
    expect(conf).toMatch(/^charset utf-8;$/m);
  });
});
