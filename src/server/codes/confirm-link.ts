import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { attemptLimits, codeRequests, students } from '@server/core/db/schema';
import { AppError } from '@server/core/errors';
import type { TActor } from '@server/core/audit';
import { confirmRequest } from './code-requests';
import type { TCodesDeps } from './deps';

/*
 * The waiting-codes e-mail's one-click way to confirm (decision 137). Its link carries a signed token (the
 * teacher, the moment of the e-mail, an expiry, 128 random bits) in the page address's fragment, so that no
 * server log or referrer sees it. Opening it changes nothing: the page, for the signed-in teacher of that
 * platform, lists the codes that waited when the e-mail left and offers one button to confirm them all. The
 * button's POST spends the token (once: its hash is kept until it expires) and confirms each code as the
 * list's own button does, with the same checks.
 */

const LINK_DAYS = 7;
/** The most codes one click confirms: a burst's worth; the list takes the rest. */
const MOST = 200;

type TLink = { teacherId: string; until: number; expires: number };

const sign = (deps: TCodesDeps, body: string) => createHmac('sha256', deps.keys.mail).update(body).digest('base64url');

export function waitingLinkToken(deps: TCodesDeps, teacherId: string, until: Date): string {
  const body = Buffer.from(
    JSON.stringify({ t: teacherId, u: until.getTime(), e: until.getTime() + LINK_DAYS * 86_400_000, n: randomBytes(16).toString('base64url') }),
  ).toString('base64url');
  return `${body}.${sign(deps, body)}`;
}

/** The token's content, for this teacher only; refused when forged, another teacher's, expired or spent. */
async function readToken(deps: TCodesDeps, teacherId: string, token: string): Promise<TLink> {
  const [body = '', mac = ''] = token.split('.');
  const expected = Buffer.from(sign(deps, body));
  if (Buffer.from(mac).length !== expected.length || !timingSafeEqual(Buffer.from(mac), expected)) throw new AppError('CONFIRM_LINK_INVALID');
  const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { t: string; u: number; e: number };
  if (parsed.t !== teacherId) throw new AppError('CONFIRM_LINK_INVALID');
  if (parsed.e <= deps.clock.now().getTime()) throw new AppError('CONFIRM_LINK_EXPIRED');
  const [spent] = await deps.db
    .select({ key: attemptLimits.key })
    .from(attemptLimits)
    .where(eq(attemptLimits.key, spentKey(token)));
  if (spent) throw new AppError('CONFIRM_LINK_USED');
  return { teacherId, until: parsed.u, expires: parsed.e };
}

const spentKey = (token: string) => `codes:mail-link:${createHash('sha256').update(token).digest('base64url')}`;

/** The codes waiting now among those the link names (or all waiting without a link), oldest first. */
function waitingSince(deps: TCodesDeps, teacherId: string, until: number | null) {
  return deps.db
    .select({ id: codeRequests.id, last2: codeRequests.last2, createdAt: codeRequests.createdAt, name: students.name })
    .from(codeRequests)
    .innerJoin(students, eq(students.id, codeRequests.studentId))
    .where(
      and(eq(codeRequests.teacherId, teacherId), eq(codeRequests.status, 'pending'), until === null ? sql`true` : lte(codeRequests.createdAt, new Date(until))),
    )
    .orderBy(asc(codeRequests.createdAt), asc(codeRequests.id))
    .limit(MOST);
}

/** What the e-mail's page shows: the codes its link names that still wait. Reads only. */
export async function waitingLink(deps: TCodesDeps, teacherId: string, token: string) {
  const link = await readToken(deps, teacherId, token);
  const rows = await waitingSince(deps, teacherId, link.until);
  return {
    until: new Date(link.until).toISOString(),
    requests: rows.map((r) => ({ id: r.id, last2: r.last2, name: r.name, createdAt: r.createdAt.toISOString() })),
  };
}

/**
 * Confirms every waiting code the link names (spending it), or every code waiting now (the list's button).
 * Each is confirmed on its own, as one click on it would: a code whose card is used, expired or revoked, or
 * a full plan, leaves that code waiting and is reported by its error; the others go through.
 */
export async function confirmWaiting(deps: TCodesDeps, teacher: { id: string; plan: string }, input: { token?: string | undefined }, actor: TActor) {
  let until: number | null = null;
  if (input.token) {
    const link = await readToken(deps, teacher.id, input.token);
    const [spent] = await deps.db
      .insert(attemptLimits)
      .values({ key: spentKey(input.token), count: 1, windowEndsAt: new Date(link.expires) })
      .onConflictDoNothing()
      .returning({ key: attemptLimits.key });
    if (!spent) throw new AppError('CONFIRM_LINK_USED');
    until = link.until;
  }
  const rows = await waitingSince(deps, teacher.id, until);
  const failed: Array<{ id: string; error: string }> = [];
  for (const row of rows) {
    try {
      await confirmRequest(deps, teacher, row.id, actor);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push({ id: row.id, error: error.code });
    }
  }
  return { confirmed: rows.length - failed.length, failed };
}
