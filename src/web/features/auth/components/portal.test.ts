import { describe, expect, it } from 'vitest';
import { safeRedirect } from '@shared/safe-redirect';
import { afterLoginTarget } from './portal';

/** The sign-in screen's redirectTo, as login-page.tsx reads it (issue 23): the shared rule, then the area check. */
const target = (redirectTo: string | null, kind: 'teacher' | 'student', home: string) => afterLoginTarget(safeRedirect(redirectTo, home), kind, home);

describe('redirectTo after sign-in', () => {
  it('never leaves the site, whatever dot segments, escapes or backslashes the parameter holds', () => {
    for (const hostile of [
      '//evil.example',
      '/.//evil.example',
      '/dashboard/../..//evil.example',
      '/dashboard/%2e%2e/%2e%2e//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'https://evil.example/dashboard',
    ]) {
      const where = target(hostile, 'teacher', '/dashboard');
      expect(where, hostile).toBe('/dashboard');
      expect(new URL(where, 'https://darsi.example').host).toBe('darsi.example');
    }
  });

  it('goes back where the guard stopped the user, inside their area', () => {
    expect(target('/dashboard/courses?tab=2', 'teacher', '/dashboard')).toBe('/dashboard/courses?tab=2');
    expect(target('/student/dashboard/courses/x', 'student', '/student/dashboard')).toBe('/student/dashboard/courses/x');
    expect(target('/dashboard/courses', 'student', '/student/dashboard')).toBe('/student/dashboard');
  });

  it('brings any account back to a team invitation, and only to that page of this site', () => {
    const invitation = '/staff/accept?token=abc.def.ghi';
    expect(target(invitation, 'student', '/platform/demo/student/dashboard')).toBe(invitation);
    expect(target(invitation, 'teacher', '/dashboard')).toBe(invitation);
    expect(target('/staff/accept/../..//evil.example', 'student', '/student/dashboard')).toBe('/student/dashboard');
    expect(target('https://evil.example/staff/accept?token=x', 'student', '/student/dashboard')).toBe('/student/dashboard');
    expect(target('/staff/acceptx', 'student', '/student/dashboard')).toBe('/student/dashboard');
  });
});
