import { eq } from 'drizzle-orm';
import type { TProfileUpdate } from '@shared/schemas/accounts';
import type { TViewer } from '@server/auth';
import { ACCOUNT_LIMITS as LIMITS, consume } from '@server/core/attempt-limits';
import { students, teachers, user } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import { emailTaken, sendVerification } from './auth-calls';
import type { TAccountsDeps } from './deps';

export async function updateProfile({ db }: TAccountsDeps, userId: string, input: TProfileUpdate) {
  await db.transaction(async (tx) => {
    await tx
      .update(user)
      .set({ name: input.name, ...(input.language ? { language: input.language } : {}) })
      .where(eq(user.id, userId));
    await tx.update(teachers).set({ name: input.name }).where(eq(teachers.userId, userId));
    await tx.update(students).set({ name: input.name }).where(eq(students.id, userId));
  });
  return { updated: true } as const;
}

/** Each request sends an e-mail and probes whether an address has an account: both are limited. */
export async function changeEmail(deps: TAccountsDeps, userId: string, email: string, ctx: TRequestContext) {
  await consume(deps.db, { key: `email-change:${userId}`, ...LIMITS.emailChangePerUser });
  await consume(deps.db, { key: `email-change-ip:${ctx.ip}`, ...LIMITS.emailChangePerIp });
  if (await emailTaken(deps, email)) throw new AppError('EMAIL_TAKEN');
  await deps.auth.api.changeEmail({ body: { newEmail: email, callbackURL: '/verify' }, headers: ctx.headers });
  return { requested: true } as const;
}

/** "Send the confirmation e-mail again", for the signed-in user's own address. */
export async function resendVerification(deps: TAccountsDeps, viewer: TViewer, ctx: TRequestContext): Promise<{ sent: boolean; alreadyVerified: boolean }> {
  if (viewer.emailVerified) return { sent: false, alreadyVerified: true };
  await consume(deps.db, { key: `verify-resend:${viewer.userId}`, ...LIMITS.verificationPerUser });
  await consume(deps.db, { key: `verify-resend-ip:${ctx.ip}`, ...LIMITS.verificationPerIp });
  try {
    await sendVerification(deps, viewer.email, ctx);
  } catch (err) {
    deps.logger.error({ err, to: viewer.email }, 'verification e-mail not sent');
    throw new AppError('MAIL_SEND_FAILED');
  }
  return { sent: true, alreadyVerified: false };
}
