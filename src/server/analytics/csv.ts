import type { TLanguage } from '@shared/i18n';
import type { TAnalyticsTable } from '@shared/schemas/analytics';
import { localeInstance } from '@server/core/i18n';
import { textCell, toCsv } from '@server/core/csv';
import type { TAnalytics } from './index';

/* Every analytics table as a spreadsheet (UTF-8 with a BOM, as the revenue export): headers in the asker's language, integer DZD. */

const i18n = localeInstance(['analytics'], 'analytics');
const pct = (v: number | null) => (v === null ? '' : Math.round(v * 1000) / 10);
const card = (number: number | null, serial: number) => textCell(`${number ?? 0}-${String(serial).padStart(4, '0')}`);

type TCsv = { header: string[]; rows: Array<Array<string | number | null | ReturnType<typeof textCell>>> };

function quizzesCsv(quizzes: Awaited<ReturnType<TAnalytics['quizzes']>>, h: (keys: string[]) => string[]): TCsv {
  return {
    header: h(['course', 'quiz', 'attempts', 'students', 'average', 'lowest', 'highest', 'passRate']),
    rows: quizzes.map((q) => [q.courseTitle, q.title, q.attempts, q.students, pct(q.average), pct(q.lowest), pct(q.highest), pct(q.passRate)]),
  };
}

async function table(
  analytics: TAnalytics,
  teacherId: string,
  name: TAnalyticsTable,
  query: Parameters<TAnalytics['funnel']>[1],
  t: (k: string) => string,
): Promise<TCsv> {
  const h = (keys: string[]) => keys.map((k) => t(`csv.${k}`));
  switch (name) {
    case 'funnel': {
      const f = await analytics.funnel(teacherId, query);
      const steps: Array<[string, number]> = [
        ['views', f.views],
        ['registrations', f.registrations],
        ...Object.entries(f.bySource).map(([s, n]): [string, number] => [`source.${s}`, n]),
      ];
      return {
        header: h(['step', 'count', 'previous']),
        rows: steps.map(([k, n]) => [
          t(`funnel.${k}`),
          n,
          k.startsWith('source.') ? f.previous.bySource[k.slice(7) as keyof typeof f.bySource] : f.previous[k as 'views'],
        ]),
      };
    }
    case 'activity':
    case 'subscriptions': {
      const a = await analytics.activity(teacherId, query);
      return { header: h(['day', 'active', 'enrolled', 'ended', 'renewals']), rows: a.days.map((d) => [d.day, d.active, d.enrolled, d.ended, d.renewals]) };
    }
    case 'completion':
      return {
        header: h(['course', 'lessons', 'enrolled', 'started', 'completed', 'rate']),
        rows: (await analytics.completion(teacherId, query)).map((c) => [c.title, c.lessons, c.enrolled, c.started, c.completed, pct(c.rate)]),
      };
    case 'stops':
      return {
        header: h(['course', 'ordinal', 'lesson', 'students']),
        rows: (await analytics.stops(teacherId, query)).map((s) => [s.courseTitle, s.ordinal, s.lessonTitle ?? t('stops.beforeFirst'), s.students]),
      };
    case 'video':
      return {
        header: h(['course', 'lesson', 'sessions', 'viewers', 'minutes', 'share']),
        rows: (await analytics.video(teacherId, query)).map((v) => [v.courseTitle, v.title, v.sessions, v.viewers, v.minutes, pct(v.share)]),
      };
    case 'quizzes':
      return quizzesCsv(await analytics.quizzes(teacherId, query), h);
    case 'codes':
    case 'ranges': {
      const c = await analytics.codes(teacherId, query);
      const counts = (r: { generated: number; sold: number; redeemed: number; waiting: number; revoked: number }) => [
        r.generated,
        r.sold,
        r.redeemed,
        r.waiting,
        r.revoked,
      ];
      if (name === 'codes')
        return {
          header: h(['batch', 'course', 'generated', 'sold', 'redeemed', 'waiting', 'revoked']),
          rows: c.batches.map((b) => [b.number, b.courseTitle, ...counts(b)]),
        };
      return {
        header: h(['from', 'to', 'course', 'generated', 'sold', 'redeemed', 'waiting', 'revoked']),
        rows: c.ranges.map((r) => [card(r.number, r.first), card(r.number, r.last), r.courseTitle, ...counts(r)]),
      };
    }
    case 'revenue': {
      const r = await analytics.revenue(teacherId, query);
      return {
        header: h(['group', 'name', 'amount', 'payments']),
        rows: [
          ...r.byMethod.map((m) => [t('csv.method'), t(`methods.${m.method}`), m.amountDzd, m.payments]),
          ...r.byCourse.map((c) => [t('csv.course'), c.title, c.amountDzd, c.payments]),
        ],
      };
    }
  }
}

export async function analyticsCsv(
  analytics: TAnalytics,
  teacherId: string,
  name: TAnalyticsTable,
  query: Parameters<TAnalytics['funnel']>[1],
  lng: TLanguage,
) {
  const t = (key: string) => i18n.t(key, { lng });
  const { header, rows } = await table(analytics, teacherId, name, query, t);
  return toCsv(header, rows);
}
