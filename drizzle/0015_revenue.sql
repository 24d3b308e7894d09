-- Backfill of the ledger (decision 096): revenue is not empty for teachers who sold before the ledger existed.
-- Code redemptions of a priced plan, at the plan's current price, once each (the source key a new redemption
-- would have written). Idempotent: a row that exists is left alone.
insert into ledger_entries (teacher_id, student_id, course_id, enrollment_id, method, kind, amount_dzd, confirmed_by, source_key, note, created_at)
select r.teacher_id, r.student_id, c.course_id, r.enrollment_id, 'code', 'payment', p.price_dzd, null, 'redemption:' || r.id, 'backfill', r.redeemed_at
from code_redemptions r
join activation_codes c on c.id = r.code_id
join code_batches b on b.id = c.batch_id
join course_plans p on p.id = b.plan_id
where p.price_dzd > 0
on conflict (source_key) do nothing;
--> statement-breakpoint
-- Enrollments the teacher made, with what they recorded as paid, less what codes added to the same enrollment.
insert into ledger_entries (teacher_id, student_id, course_id, enrollment_id, method, kind, amount_dzd, confirmed_by, source_key, note, created_at)
select e.teacher_id, e.student_id, e.course_id, e.id, 'manual', 'payment', e.total_paid_dzd - coalesce(codes.amount, 0), null, 'enrollment:' || e.id || ':backfill', 'backfill', e.started_at
from enrollments e
left join (
  select l.enrollment_id, sum(l.amount_dzd) as amount from ledger_entries l where l.method = 'code' and l.enrollment_id is not null group by l.enrollment_id
) codes on codes.enrollment_id = e.id
where e.source = 'teacher' and e.total_paid_dzd - coalesce(codes.amount, 0) > 0
on conflict (source_key) do nothing;
