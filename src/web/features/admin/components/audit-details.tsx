import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDzd, formatList, formatNumber } from '@shared/format';
import { toLanguage } from '@shared/i18n';
import { isolate, useDateFormat } from '@web/lib/format';
import type { TAuditEntry, TAuditNames } from '@web/features/admin/api';

type TFormat = {
  t: TFunction<'admin'>;
  names: TAuditNames;
  date: (iso: string) => string;
  number: (n: number) => string;
  dzd: (n: number) => string;
  list: (items: string[]) => string;
};
type TLine = { key: string; label: string; value: string };

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value));

/** A course price plan: "Monthly · 1,500 DZD" (plans have no name of their own). */
function planText(id: unknown, f: TFormat): string {
  const plan = f.names.plans[str(id)];
  if (!plan) return f.t('audit.values.unknown');
  const type = f.t(`audit.planTypes.${plan.type}`, { defaultValue: plan.type });
  return f.t('audit.values.plan', { type, price: f.dzd(plan.priceDzd) });
}

function batchText(id: unknown, f: TFormat): string {
  const batch = f.names.batches[str(id)];
  if (!batch) return f.t('audit.values.unknown');
  return f.t('audit.values.batch', { count: batch.size, course: f.names.courses[batch.courseId] ?? f.t('audit.values.unknown') });
}

/** `from`/`to` mean a status, a plan or a trial end, depending on the action. */
function changedValue(action: string, value: unknown, f: TFormat): string {
  if (action === 'teacher.status_changed') return f.t(`teachers.statuses.${str(value)}`, { defaultValue: str(value) });
  if (action === 'teacher.plan_changed') return f.t(`plans.${str(value)}`, { defaultValue: str(value) });
  if (action === 'teacher.trial_extended') return value ? f.date(str(value)) : f.t('audit.values.noTrial');
  return str(value) || String(value);
}

const dateOrPermanent = (value: unknown, f: TFormat) => (value ? f.date(str(value)) : f.t('audit.values.permanent'));

/** How each known detail reads; keys not listed here are shown as they are. */
const FIELDS: Record<string, (value: unknown, f: TFormat) => string | null> = {
  studentId: (v, f) => f.names.people[str(v)] ?? f.t('audit.values.unknown'),
  courseId: (v, f) => f.names.courses[str(v)] ?? f.t('audit.values.unknown'),
  planId: (v, f) => (v ? planText(v, f) : null),
  batchId: (v, f) => batchText(v, f),
  email: (v) => isolate(str(v)),
  language: (v, f) => f.t(`languages.${str(v)}`, { defaultValue: str(v) }),
  via: (v, f) => f.t(`audit.values.via.${str(v)}`, { defaultValue: str(v) }),
  days: (v, f) => f.t('audit.values.days', { count: num(v) }),
  accessDays: (v, f) => (v == null ? f.t('audit.values.permanent') : f.t('audit.values.days', { count: num(v) })),
  count: (v, f) => f.number(num(v)),
  maxUses: (v, f) => f.number(num(v)),
  revoked: (v, f) => f.number(num(v)),
  rows: (v, f) => f.number(num(v)),
  validUntil: (v, f) => f.date(str(v)),
  expiresAt: (v, f) => dateOrPermanent(v, f),
  last2: (v, f) => f.t('audit.values.codeEnding', { last2: isolate(str(v)) }),
  title: (v) => str(v),
  q: (v) => (v ? isolate(str(v)) : null),
  state: (v, f) => f.t(`inbox.states.${str(v)}`, { defaultValue: str(v) }),
  recalculate: (v, f) => f.t(v ? 'audit.values.yes' : 'audit.values.no'),
  // Card numbers are names printed on the cards, not quantities: never grouped.
  serial: (v) => String(v),
  serials: (v, f) => (Array.isArray(v) ? f.list(v.map(String)) : String(v)),
  amountDzd: (v, f) => f.dzd(num(v)),
  paidDzd: (v, f) => f.dzd(num(v)),
  reference: (v) => isolate(str(v)),
  method: (v, f) => f.t(`audit.values.methods.${str(v)}`, { defaultValue: str(v) }),
  source: (v, f) => f.t(`audit.values.methods.${str(v)}`, { defaultValue: str(v) }),
  livemode: (v, f) => f.t(v ? 'audit.values.livemode.live' : 'audit.values.livemode.test'),
  wrong: (v, f) => f.number(num(v)),
  live: (v, f) => f.t(v ? 'audit.values.yes' : 'audit.values.no'),
  tables: (v, f) => f.number(num(v)),
  // Internal references with nothing to read for a person (the code itself is named by its last digits).
  codeId: () => null,
  requestId: () => null,
  orderId: () => null,
  receiptId: () => null,
};

/** Keys shown as one "from … to …" line. */
const PAIRS = [
  ['from', 'to', 'change'],
  ['fromPlanId', 'toPlanId', 'coursePlanChange'],
] as const;

function detailLines(entry: TAuditEntry, f: TFormat): TLine[] {
  const details = (entry.details ?? {}) as Record<string, unknown>;
  const lines: TLine[] = [];
  const done = new Set<string>();
  for (const [from, to, label] of PAIRS) {
    if (!(from in details) && !(to in details)) continue;
    const value = (v: unknown) => (label === 'change' ? changedValue(entry.action, v, f) : planText(v, f));
    lines.push({ key: label, label: f.t(`audit.fields.${label}`), value: f.t('audit.values.fromTo', { from: value(details[from]), to: value(details[to]) }) });
    done.add(from).add(to);
  }
  for (const [key, raw] of Object.entries(details)) {
    if (done.has(key)) continue;
    const format = FIELDS[key];
    const value = format ? format(raw, f) : typeof raw === 'string' ? raw : JSON.stringify(raw);
    if (value === null || value === '') continue;
    lines.push({ key, label: f.t(`audit.fields.${key}`, { defaultValue: key }), value });
  }
  return lines;
}

/** What the entry is about, named: a teacher, a person, a page, an enrollment, an inbox… */
function targetName(entry: TAuditEntry, f: TFormat): string | null {
  const id = entry.targetId ?? '';
  const details = (entry.details ?? {}) as Record<string, unknown>;
  switch (entry.targetType) {
    case 'user':
      return f.names.people[id] ?? null;
    case 'landing_page':
      return f.names.pages[id] ?? (str(details.title) || null);
    case 'enrollment': {
      const enrollment = f.names.enrollments[id];
      if (!enrollment) return null;
      return f.t('audit.values.enrollment', {
        student: f.names.people[enrollment.studentId] ?? f.t('audit.values.unknown'),
        course: f.names.courses[enrollment.courseId] ?? f.t('audit.values.unknown'),
      });
    }
    case 'code_batch':
      return batchText(id, f);
    case 'activation_code':
      return details.last2 ? f.t('audit.values.codeEnding', { last2: isolate(str(details.last2)) }) : null;
    case 'inbox':
      return f.t(`inbox.kinds.${id}`, { defaultValue: id });
    case 'invitation':
      return details.email ? isolate(str(details.email)) : null;
    default:
      return null;
  }
}

function useAuditFormat(names: TAuditNames): TFormat {
  const { t, i18n } = useTranslation('admin');
  const date = useDateFormat();
  const lng = toLanguage(i18n.resolvedLanguage);
  return { t, names, date, number: (n) => formatNumber(lng, n), dzd: (n) => formatDzd(lng, n), list: (items) => formatList(lng, items) };
}

/** The target of an entry (its teacher as a link to their page) and its details, in words. */
export function AuditSubject({ entry, names }: { entry: TAuditEntry; names: TAuditNames }) {
  const f = useAuditFormat(names);
  const { t } = f;
  const teacherName = entry.teacherId ? (names.teachers[entry.teacherId] ?? t('audit.values.unknown')) : null;
  // An admin's own login names them as its target: the actor column says it already.
  const self = entry.targetType === 'user' && entry.targetId === entry.actorUserId;
  const target =
    entry.targetType && entry.targetType !== 'teacher' && !self
      ? { label: t(`audit.targets.${entry.targetType}`, { defaultValue: entry.targetType }), name: targetName(entry, f) }
      : null;
  const lines = detailLines(entry, f);
  return (
    <div className="space-y-1" data-testid="audit-subject">
      {teacherName !== null && (
        <p>
          <span className="text-gray-500">{t('audit.targets.teacher')}: </span>
          <Link to={`/admin/dashboard/teachers/${entry.teacherId}`} className="font-medium text-primary-700 hover:underline" data-testid="audit-teacher">
            {teacherName}
          </Link>
        </p>
      )}
      {target && (
        <p className="text-gray-700" data-testid="audit-target">
          <span className="text-gray-500">{target.label}</span>
          {target.name && <>: {target.name}</>}
        </p>
      )}
      {lines.length > 0 && (
        <ul className="space-y-0.5 text-xs text-gray-600" data-testid="audit-details">
          {lines.map((line) => (
            <li key={line.key} className="break-words">
              <span className="font-medium">{line.label}</span>: {line.value}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
