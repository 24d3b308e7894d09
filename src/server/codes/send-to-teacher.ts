import { normalizeActivationCode } from '@shared/courses';
import type { TRedeem } from '@shared/schemas/courses';
import { codeRequests } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TRequestContext } from '@server/core/request-context';
import { platformTeacher } from './code-safety';
import { codeHmac } from './crypto';
import { consumeAll } from './limits';
import type { TCodesDeps } from './deps';
import { announceWaitingCode } from './waiting-mail';

/**
 * After a "wrong code" answer, a student who paid for the card sends it to the teacher (decision 055): the
 * teacher may have forgotten to mark it sold. The answer is the same whatever the digits are (a card not
 * sold yet, a typo, a used card), so it tells nothing about which codes exist; the teacher sees which card
 * it matches, if any, and confirms or refuses. It spends the student's and the address's budgets, as a
 * redemption does, so nobody can flood the teacher's list; not the platform's, since it answers nothing.
 */
export async function sendToTeacher(deps: TCodesDeps, studentId: string, input: TRedeem, ctx: Pick<TRequestContext, 'ip' | 'hostSubdomain'>) {
  const { db, keys, limits } = deps;
  const code = normalizeActivationCode(input.code);
  if (!code) throw new AppError('CODE_FORMAT');
  const subdomain = ctx.hostSubdomain ?? input.platform;
  if (!subdomain) throw new AppError('PLATFORM_NOT_FOUND');
  const teacher = await platformTeacher(deps, subdomain);
  await consumeAll(db, [
    { key: `code:student:${studentId}`, ...limits.student, error: 'CODE_ATTEMPTS_LOCKED' },
    { key: `code:student-day:${studentId}`, ...limits.studentDaily, error: 'CODE_ATTEMPTS_LOCKED' },
    { key: `code:ip:${ctx.ip}`, ...limits.ip, error: 'CODE_ATTEMPTS_LOCKED' },
    { key: `code:ip-day:${ctx.ip}`, ...limits.ipDaily, error: 'CODE_ATTEMPTS_LOCKED' },
  ]);
  const hmac = codeHmac(keys, teacher.id, code);
  await db
    .insert(codeRequests)
    .values({ teacherId: teacher.id, studentId, codeHmac: hmac, last2: code.slice(-2), reason: 'cash', ip: ctx.ip })
    .onConflictDoNothing();
  await announceWaitingCode(deps, teacher.id, { studentId, hmac });
  return { pending: true as const };
}
