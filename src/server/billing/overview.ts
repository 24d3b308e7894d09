import { desc, eq } from 'drizzle-orm';
import { addDays, BILLING_PERIODS, brokenLimits, quoteChange, type TBillingPeriod } from '@shared/billing';
import { PLAN_IDS, PLANS, type TPlanId } from '@shared/plans';
import { planInvoices, teachers } from '@server/core/db/schema';
import type { TTx } from '@server/core/db/sql';
import { AppError } from '@server/core/errors';
import { planStanding, planUsage, staffSeats } from '@server/plans';
import { cardKey, transferDetails, type TBillingDeps } from './deps';

type TChoice = { plan: TPlanId; period: TBillingPeriod };

async function teacherRow(db: TTx, teacherId: string) {
  const [row] = await db.select({ id: teachers.id, plan: teachers.plan, trialEndsAt: teachers.trialEndsAt }).from(teachers).where(eq(teachers.id, teacherId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * What buying `choice` now costs (decision 101): the same plan and period again is a renewal at full price
 * (added after the current period); another plan or period is a change, credited with the unused days of the
 * running paid period; without one it is a new plan at full price. `broken` names the limits it would break.
 */
export async function quote(deps: TBillingDeps, teacherId: string, choice: TChoice) {
  const now = deps.clock.now();
  const teacher = await teacherRow(deps.db, teacherId);
  const { subscription: sub } = await planStanding(deps.db, teacherId, now);
  const running = sub && sub.currentPeriodEnd > now ? sub : null;
  const kind = sub && sub.plan === choice.plan && sub.period === choice.period ? 'renewal' : running ? 'change' : 'new';
  const credited = kind === 'change' && running ? { start: running.currentPeriodStart, end: running.currentPeriodEnd, paidDzd: running.periodPaidDzd } : null;
  const usage = await planUsage(deps.db, teacher, now);
  const broken = brokenLimits(choice.plan, { courses: usage.courses.used, students: usage.students.used, storageBytes: usage.storage.usedBytes });
  const change = quoteChange(choice, credited, now);
  // When the bought period would end (decision 101); a new plan starts today, even during the trial (decision 117).
  const from = kind === 'renewal' && running ? running.currentPeriodEnd : now;
  const endsAt = addDays(from, change.periodDays + change.bonusDays).toISOString();
  return { ...choice, kind, ...change, endsAt, broken } as const;
}

/** The teacher's billing page: standing, usage, every plan's price today, payment ways, invoices. */
export async function overview(deps: TBillingDeps, teacherId: string) {
  const now = deps.clock.now();
  const teacher = await teacherRow(deps.db, teacherId);
  const standing = await planStanding(deps.db, teacherId, now);
  const usage = await planUsage(deps.db, teacher, now);
  const quotes = [];
  for (const plan of PLAN_IDS) for (const period of BILLING_PERIODS) quotes.push(await quote(deps, teacherId, { plan, period }));
  const invoices = await deps.db.select().from(planInvoices).where(eq(planInvoices.teacherId, teacherId)).orderBy(desc(planInvoices.createdAt)).limit(50);
  const sub = standing.subscription;
  const staffLimit = PLANS.find((p) => p.id === teacher.plan)?.staff ?? 0;
  const seats = await staffSeats(deps.db, teacherId, now);
  return {
    status: standing.status,
    blocked: standing.blocked,
    until: standing.until?.toISOString() ?? null,
    plan: teacher.plan,
    period: sub?.period ?? null,
    currentPeriodEnd: sub?.currentPeriodEnd.toISOString() ?? null,
    canceledAt: sub?.canceledAt?.toISOString() ?? null,
    dataDeletionAt: sub?.dataDeletionAt?.toISOString() ?? null,
    trialEndsAt: standing.trialEndsAt?.toISOString() ?? null,
    /** Whole days of the running trial that paying now gives up (decision 117); 0 once not on trial. */
    trialDaysLeft: standing.status === 'trial' && standing.trialEndsAt ? Math.ceil((standing.trialEndsAt.getTime() - now.getTime()) / 86_400_000) : 0,
    usage,
    // Staff seats (issue 28): members and invitations still waiting.
    staff: { limit: staffLimit, used: seats.members + seats.invitations, members: seats.members, invitations: seats.invitations },
    quotes,
    card: cardKey(deps.config) !== null,
    transfer: transferDetails(deps.config),
    invoices: invoices.map(invoiceView),
  };
}

export function invoiceView(i: typeof planInvoices.$inferSelect) {
  return {
    id: i.id,
    reference: i.reference,
    plan: i.plan,
    period: i.period,
    kind: i.kind,
    priceDzd: i.priceDzd,
    creditDzd: i.creditDzd,
    bonusDays: i.bonusDays,
    amountDzd: i.amountDzd,
    method: i.method,
    status: i.status,
    checkoutUrl: i.status === 'pending' ? i.checkoutUrl : null,
    hasReceipt: i.receiptKey !== null,
    receiptMime: i.receiptMime,
    rejectReason: i.rejectReason,
    createdAt: i.createdAt.toISOString(),
    paidAt: i.paidAt?.toISOString() ?? null,
  };
}

/** The banner on every dashboard page: a small read, no quotes. */
export async function banner(deps: TBillingDeps, teacherId: string) {
  const standing = await planStanding(deps.db, teacherId, deps.clock.now());
  return { status: standing.status, blocked: standing.blocked, until: standing.until?.toISOString() ?? null, hadPlan: standing.subscription !== null };
}
