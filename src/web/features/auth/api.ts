/**
 * The sign-in screens' calls to the server. Plain async functions, no TanStack Query: these screens load
 * without it (docs/decisions/005-initial-bundle.md; an e2e test checks it).
 */
import { api, unwrap, type TJson } from '@web/lib/api';

const account = api.accounts;

export const login = (json: TJson<typeof account.login.$post>) => unwrap(account.login.$post({ json }));

export const registerTeacher = (json: TJson<typeof account.register.teacher.$post>) => unwrap(account.register.teacher.$post({ json }));

export const registerStudent = (json: TJson<typeof account.register.student.$post>) => unwrap(account.register.student.$post({ json }));

export const registerAdmin = (json: TJson<typeof api.admin.register.$post>) => unwrap(api.admin.register.$post({ json }));

export const requestPasswordReset = (json: TJson<typeof account.password.forgot.$post>) => unwrap(account.password.forgot.$post({ json }));

export const resetPassword = (json: TJson<typeof account.password.reset.$post>) => unwrap(account.password.reset.$post({ json }));

/** Whether a platform name can be registered; `signal` drops an answer the teacher has typed past. */
export const subdomainAvailability = (subdomain: string, signal?: AbortSignal) =>
  unwrap(account['subdomain-availability'].$get({ query: { subdomain } }, signal ? { init: { signal } } : undefined));

/** A teacher's name, photo, colours, contact and whether their platform takes new students (decision 057). */
export const platformProfile = (subdomain: string) => unwrap(account.platform[':subdomain'].$get({ param: { subdomain } }));
export type TPlatformProfile = Awaited<ReturnType<typeof platformProfile>>;

/** An account locked by wrong passwords (decision 110): the e-mail link's button, and "send me the link". */
export const unlockAccount = (json: TJson<typeof account.unlock.$post>) => unwrap(account.unlock.$post({ json }));
export const requestUnlock = (json: TJson<typeof account.unlock.request.$post>) => unwrap(account.unlock.request.$post({ json }));
