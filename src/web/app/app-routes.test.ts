import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTE_PATTERNS, isAppRoute, matchesRoutePattern } from '@shared/app-routes';
import { sitePublicRoutes } from '@web/features/site/routes';
import { routes } from './routes';

/** Every leaf of a route tree as a full path pattern. */
function flatten(tree: RouteObject[], base = ''): string[] {
  return tree.flatMap((r) => {
    const path = r.index || r.path === undefined ? base : `${base.replace(/\/$/, '')}/${r.path}`;
    return r.children ? flatten(r.children, path) : [path || '/'];
  });
}

/*
 * The server answers unknown paths of the main domain with a 404 page and the app's screens with the
 * app (src/shared/app-routes.ts). This keeps that list equal to what the router really has.
 */
describe('the app routes the server knows', () => {
  const serverPages = new Set(flatten(sitePublicRoutes, '/'));
  const routerPaths = flatten(routes).filter((p) => p !== '/*' && !serverPages.has(p));

  it('are exactly the router’s routes (add or remove the difference in src/shared/app-routes.ts)', () => {
    expect({ missing: routerPaths.filter((p) => !APP_ROUTE_PATTERNS.includes(p)), stale: APP_ROUTE_PATTERNS.filter((p) => !routerPaths.includes(p)) }).toEqual({
      missing: [],
      stale: [],
    });
  });

  it('match as React Router does', () => {
    expect(matchesRoutePattern('/teacher/:section/*', '/teacher/x/y/z')).toBe(true);
    expect(matchesRoutePattern('/teacher/:section/*', '/teacher/x')).toBe(true);
    expect(matchesRoutePattern('/platform/:subdomain/login', '/Platform/demo/LOGIN/')).toBe(true);
    expect(matchesRoutePattern('/admin/dashboard/teachers/:id', '/admin/dashboard/teachers')).toBe(false);
    expect(isAppRoute('/student/dashboard/courses/1/lessons/2')).toBe(true);
    expect(isAppRoute('/admin/x')).toBe(false);
    expect(isAppRoute('/nope')).toBe(false);
    expect(isAppRoute('/about/x')).toBe(false);
  });
});

describe('the root route', () => {
  it('has its HydrateFallback before any lazy module loads (no "No HydrateFallback element provided")', () => {
    expect(routes[0]!.HydrateFallback).toBeTypeOf('function');
  });
});
