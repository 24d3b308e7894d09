import { CookieJar } from 'tough-cookie';
import type { TTestApp } from './harness';

let ips = 0;
/** Each client gets its own address, so per-IP limits never mix two tests. */
function nextIp() {
  ips += 1;
  return `10.${process.pid % 250}.${Math.floor(ips / 250)}.${(ips % 250) + 1}`;
}

/**
 * A browser-like client for integration tests: a real cookie jar (host-only cookies stay on their
 * host), the Origin header a same-origin page would send, and a client IP per instance.
 */
export function browser(t: TTestApp, options: { jar?: CookieJar; ip?: string } = {}) {
  const jar = options.jar ?? new CookieJar();
  const ip = options.ip ?? nextIp();

  async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const full = new URL(url.startsWith('http') ? url : `http://${t.config.publicHost}${url}`);
    const cookie = await jar.getCookieString(full.toString());
    const res = await t.request(full.pathname + full.search, {
      method,
      host: full.host,
      headers: {
        origin: full.origin,
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const setCookie of res.headers.getSetCookie()) await jar.setCookie(setCookie, full.toString());
    return res;
  }

  return {
    jar,
    ip,
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => call('POST', url, body ?? {}, headers),
    patch: (url: string, body?: unknown, headers?: Record<string, string>) => call('PATCH', url, body ?? {}, headers),
    put: (url: string, body?: unknown, headers?: Record<string, string>) => call('PUT', url, body ?? {}, headers),
    delete: (url: string, headers?: Record<string, string>) => call('DELETE', url, undefined, headers),
    async json(res: Response) {
      return (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    },
    async session(host?: string) {
      const res = await call('GET', host ? `http://${host}/api/accounts/session` : '/api/accounts/session');
      return ((await res.json()) as { session: Record<string, any> | null }).session; // eslint-disable-line @typescript-eslint/no-explicit-any
    },
  };
}

export type TBrowser = ReturnType<typeof browser>;

let n = 0;
export function newTeacher(overrides: Partial<{ name: string; email: string; subdomain: string; password: string }> = {}) {
  n += 1;
  const id = `${Date.now().toString(36)}${n}${Math.floor(Math.random() * 1e4)}`;
  return { name: 'أستاذة مريم', email: `t${id}@example.test`, subdomain: `prof-${id}`, password: 'correct-horse-9', ...overrides };
}

export function newStudent(overrides: Partial<{ name: string; email: string; password: string; platform: string }> = {}) {
  n += 1;
  const id = `${Date.now().toString(36)}${n}${Math.floor(Math.random() * 1e4)}`;
  return { name: 'طالب يوسف', email: `s${id}@example.test`, password: 'correct-horse-9', ...overrides };
}
