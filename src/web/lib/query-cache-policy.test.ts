import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { QUERY_CACHE_VERSION } from '@shared/constants';
import { clientPlatform } from './client-info';
import { cacheKindOf, cleanQueryCache, lifetimeOf } from './query-cache-policy';

class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  readonly items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

describe('query cache lifetimes (spec §9)', () => {
  it('gives profile 300 s, course 900 s, dashboard 60 s and everything else 600 s', () => {
    expect(lifetimeOf({ queryKey: ['session'] })).toBe(300_000);
    expect(lifetimeOf({ queryKey: ['teacher', 'profile'] })).toBe(300_000);
    expect(lifetimeOf({ queryKey: ['courses', 'student', 'outline', 'c1'] })).toBe(900_000);
    expect(lifetimeOf({ queryKey: ['courses', 'teacher', 'list'] })).toBe(900_000);
    expect(lifetimeOf({ queryKey: ['teacher', 'overview'] })).toBe(60_000);
    expect(lifetimeOf({ queryKey: ['revenue', 'summary', 'month'] })).toBe(60_000);
    expect(cacheKindOf(['courses', 'code-requests', 'pending'])).toBe('other');
    expect(lifetimeOf({ queryKey: ['live', 'groups'] })).toBe(600_000);
  });

  it('is the app query client default: after 61 s a dashboard answer is fetched again, a course list is not', async () => {
    const { queryClient } = await import('./query-client');
    const at = Date.now() - 61_000;
    queryClient.setQueryData(['teacher', 'overview'], 'old', { updatedAt: at });
    queryClient.setQueryData(['courses', 'teacher', 'list'], 'old', { updatedAt: at });
    await expect(queryClient.fetchQuery({ queryKey: ['teacher', 'overview'], queryFn: () => 'new' })).resolves.toBe('new');
    await expect(queryClient.fetchQuery({ queryKey: ['courses', 'teacher', 'list'], queryFn: () => 'new' })).resolves.toBe('old');
  });

  it('cleans unused answers past their lifetime, and auth statuses past 10 minutes or of another cache version', () => {
    const client = new QueryClient();
    const now = Date.now();
    client.setQueryData(['teacher', 'overview'], { a: 1 }, { updatedAt: now - 61_000 });
    client.setQueryData(['courses', 'teacher', 'list'], { a: 2 }, { updatedAt: now - 61_000 });
    const storage = new MemoryStorage();
    storage.setItem('darsi_cache_version', QUERY_CACHE_VERSION);
    storage.setItem('teacher_auth_status', JSON.stringify({ isAuthenticated: true, timestamp: now - 11 * 60_000 }));
    storage.setItem('student_auth_status', JSON.stringify({ isAuthenticated: true, timestamp: now - 60_000 }));
    cleanQueryCache(client, now, storage as unknown as Storage);
    expect(client.getQueryData(['teacher', 'overview'])).toBeUndefined();
    expect(client.getQueryData(['courses', 'teacher', 'list'])).toEqual({ a: 2 });
    expect(storage.getItem('teacher_auth_status')).toBeNull();
    expect(storage.getItem('student_auth_status')).not.toBeNull();

    storage.setItem('darsi_cache_version', '0.9.0');
    cleanQueryCache(client, now, storage as unknown as Storage);
    expect(storage.getItem('student_auth_status')).toBeNull();
    expect(storage.getItem('darsi_cache_version')).toBe('1.0.0');
  });
});

describe('client-info header (spec §7)', () => {
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
  it('tells ios, mobile and web apart', () => {
    expect(clientPlatform({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', maxTouchPoints: 5, width: 390 })).toBe('ios');
    expect(clientPlatform({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', maxTouchPoints: 5, width: 1024 })).toBe('ios');
    expect(clientPlatform({ userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36', maxTouchPoints: 5, width: 1000 })).toBe('mobile');
    expect(clientPlatform({ userAgent: desktop, maxTouchPoints: 0, width: 767 })).toBe('mobile');
    expect(clientPlatform({ userAgent: desktop, maxTouchPoints: 0, width: 768 })).toBe('web');
  });
});
