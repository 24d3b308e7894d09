import { sql } from 'drizzle-orm';
import { DARSI_TIME_ZONE } from '@shared/dates';
import type { planView } from '@server/courses';
import { type TTx, rowsOf } from '@server/core/db/sql';

export type TPlanView = ReturnType<typeof planView>;

export type TDashboardRows = {
  teacher: { id: string; name: string; subdomain: string } | null;
  subs: Array<{
    id: string;
    course_id: string;
    title: string;
    kind: string;
    course_status: string;
    cover_key: string | null;
    course_updated_at: string;
    teacher_name: string;
    subdomain: string;
    plan_price: number | null;
    type: string;
    status: string;
    started_at: string;
    expires_at: string | null;
    auto_renew: boolean;
    total_paid_dzd: number;
    /** The course's lessons in outline order (sections, then lessons), for the locks. */
    lessons: Array<{ id: string; releaseAt: string | null }>;
    /** The lessons this student completed. */
    done: string[];
  }>;
  activity: Array<{ day: string; n: number }>;
  available: Array<{ id: string; title: string; kind: string; cover_key: string | null; updated_at: string; plan: TPlanView | null }>;
};

/**
 * Everything My Subscriptions shows, in one statement returning JSON: on the embedded database each round
 * trip has a fixed cost, so one statement instead of four keeps it within 2× of PostgreSQL (bench/results/courses.md).
 * Per subscription it reads the course's lessons in order and the ids the student completed (the (course) and
 * (course, student) indexes): progress and the next lesson come from them, the locks from lockReasons. A video
 * lesson counts once its video is ready, as the outline shows it (courses/lesson-access.ts).
 */
export async function dashboardData(db: TTx, studentId: string, platform: string | null): Promise<TDashboardRows> {
  const day = sql.raw(`to_char(lp.completed_at at time zone '${DARSI_TIME_ZONE}', 'YYYY-MM-DD')`);
  const result = await db.execute(sql`
    with t as (select id, name, subdomain from teachers where ${platform === null ? sql`false` : sql`lower(subdomain) = ${platform.toLowerCase()}`}),
    subs as (
      select e.id, e.course_id, c.title, c.kind, c.status as course_status, c.cover_key, c.updated_at as course_updated_at, tt.name as teacher_name, tt.subdomain,
        p.price_dzd as plan_price, e.type, e.status, e.started_at, e.expires_at, e.auto_renew, e.total_paid_dzd,
        coalesce((select json_agg(json_build_object('id', l.id, 'releaseAt', l.release_at) order by s.position, s.created_at, s.id, l.position, l.created_at)
          from lessons l join course_sections s on s.id = l.section_id where l.course_id = e.course_id
          and (l.type <> 'video' or exists (select 1 from lesson_videos v where v.lesson_id = l.id and v.state = 'ready'))), '[]') as lessons,
        coalesce((select json_agg(lp.lesson_id) from lesson_progress lp where lp.course_id = e.course_id and lp.student_id = e.student_id), '[]') as done
      from enrollments e
      join courses c on c.id = e.course_id
      join teachers tt on tt.id = e.teacher_id
      left join course_plans p on p.id = e.plan_id
      where e.student_id = ${studentId} ${platform === null ? sql`` : sql`and e.teacher_id = (select id from t)`}
    ),
    act as (
      select ${day} as day, count(*) as n from lesson_progress lp
      where lp.student_id = ${studentId} ${platform === null ? sql`` : sql`and lp.teacher_id = (select id from t)`}
      group by 1
    ),
    avail as (
      select c.id, c.title, c.kind, c.cover_key, c.updated_at, c.created_at, p.position, p.created_at as plan_created_at,
        case when p.id is null then null else json_build_object('id', p.id, 'type', p.type, 'priceDzd', p.price_dzd, 'durationDays', p.duration_days, 'autoRenew', p.auto_renew) end as plan
      from courses c
      left join course_plans p on p.course_id = c.id and p.retired_at is null
      where c.teacher_id = (select id from t) and c.status = 'published' and c.id not in (select course_id from subs)
    )
    select (select row_to_json(t) from t) as teacher,
      coalesce((select json_agg(subs order by subs.started_at desc) from subs), '[]') as subs,
      coalesce((select json_agg(act order by act.day) from act), '[]') as activity,
      coalesce((select json_agg(avail order by avail.created_at, avail.id, avail.position, avail.plan_created_at) from avail), '[]') as available`);
  const [row] = rowsOf<Record<keyof TDashboardRows, unknown>>(result);
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
  return { teacher: parse(row!.teacher), subs: parse(row!.subs), activity: parse(row!.activity), available: parse(row!.available) };
}
