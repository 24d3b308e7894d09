import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAllows, STAFF_ROLES, type TStaffRole } from '@shared/staff';
import { STAFF_ROUTES } from '@server/auth/staff-routes';
import { registerTeacher } from './courses-helpers';
import { createTestApp, DRIVER, type TTestApp } from './harness';
import { staffMember, type TStaffMember } from './staff-helpers';

/*
 * Issue 28 (decision 170): the route × role matrix. Every route behind the teacher guard, read from the app's own
 * route table, must have a staff permission line (auth/staff-routes.ts) — a new teacher route without one fails
 * here — and every cell is tried: each staff role either passes the guard or gets 403 STAFF_FORBIDDEN, as the
 * line and the role's permissions say. The teacher themselves passes everywhere.
 */
let t: TTestApp;
const members = {} as Record<TStaffRole, TStaffMember>;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  const teacher = await registerTeacher(t, 'institution');
  for (const role of STAFF_ROLES) members[role] = await staffMember(t, teacher, role);
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** `METHOD /path` of every route whose handlers include the teacher guard (as middleware of its prefix or inline). */
function teacherRoutes(): string[] {
  const guard = t.services.guards.requireTeacher;
  const guarded = t.app.routes.filter((r) => r.handler === guard);
  const keys = new Set<string>();
  for (const r of t.app.routes) {
    if (r.method === 'ALL') continue;
    const behind = guarded.some((g) =>
      g.method === 'ALL' ? g.path.endsWith('/*') && r.path.startsWith(g.path.slice(0, -1)) : g.method === r.method && g.path === r.path,
    );
    if (behind) keys.add(`${r.method} ${r.path}`);
  }
  return [...keys];
}

async function send(member: TStaffMember, key: string) {
  const [method, pattern] = key.split(' ') as [string, string];
  const path = pattern.replace(/:(\w+)/g, () => randomUUID());
  const url = `http://${t.config.publicHost}${path}`;
  const cookie = await member.b.jar.getCookieString(url);
  const body = method === 'GET' || method === 'HEAD' ? undefined : '{}';
  return t.request(path, {
    method,
    headers: { origin: new URL(url).origin, cookie, 'x-forwarded-for': member.b.ip, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
  });
}

describe(`staff permissions by route and role on ${DRIVER}`, () => {
  it('has a staff permission line for every teacher route, and no line for a route that is gone', () => {
    const routes = teacherRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const missing = routes.filter((key) => !STAFF_ROUTES[key]);
    expect(missing, 'add a line for each to src/server/auth/staff-routes.ts (and the matrix of decision 170)').toEqual([]);
    const stale = Object.keys(STAFF_ROUTES).filter((key) => !routes.includes(key));
    expect(stale, 'lines in staff-routes.ts for routes that no longer exist').toEqual([]);
  });

  it('lets each role through exactly the routes its permissions name, and refuses the others with 403 STAFF_FORBIDDEN', async () => {
    const wrong: string[] = [];
    let cells = 0;
    for (const key of teacherRoutes()) {
      for (const role of STAFF_ROLES) {
        const res = await send(members[role], key);
        const code = res.status === 403 ? ((await res.json()) as { error: { code: string } }).error.code : null;
        const allowed = roleAllows(role, STAFF_ROUTES[key]!);
        cells += 1;
        if (allowed && code === 'STAFF_FORBIDDEN') wrong.push(`${key} refused to ${role}`);
        if (!allowed && code !== 'STAFF_FORBIDDEN') wrong.push(`${key} let ${role} through: ${res.status}`);
        if (res.status === 401) wrong.push(`${key} as ${role}: signed out`);
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBeGreaterThan(400);
  }, 300_000);
});
