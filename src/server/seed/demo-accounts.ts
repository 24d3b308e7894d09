import { eq } from 'drizzle-orm';
import { user } from '@server/core/db/schema';
import type { TServices } from '@server/services';
/** The demo accounts every seed step and the start banner share (README, "Demo data"). */
export const DEMO_PASSWORD = 'darsi-demo-2026';
export const DEMO_ACCOUNTS = {
  teacher: 'teacher@darsi.test',
  student: 'student@darsi.test',
  admin: 'admin@darsi.test',
  assistant: 'assistant@darsi.test',
} as const;
export const DEMO_SUBDOMAIN = 'demo';

/**
 * Accounts go through Better Auth so that their passwords are hashed exactly as at sign-up. An account left
 * by an earlier, interrupted run of the step is reused, so that the step can run again.
 */
export async function createUser(services: TServices, name: string, email: string, role: string) {
  const [existing] = await services.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  const id = existing?.id ?? (await services.auth.api.signUpEmail({ body: { name, email, password: DEMO_PASSWORD } })).user.id;
  await services.db.update(user).set({ role, emailVerified: true }).where(eq(user.id, id));
  return id;
}
