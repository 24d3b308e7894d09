import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BATCH_MAX, planDays } from '@shared/courses';
import { useErrorText } from '@web/lib/api-errors';
import { Button, buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { QueryError } from '@web/components/ui/error-state';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiError } from '@web/lib/api-error';
import { useCourseFormat, usePaginationLabels } from '@web/components/ui/course-kit';
import { Modal } from '@web/components/ui/modal';
import { Pagination } from '@web/components/ui/pagination';
import { CheckboxField, SelectField, TextField } from '@web/components/ui/form-field';
import { EmptyState } from '@web/components/ui/empty-state';
import { Badge } from '@web/components/ui/badge';
import { CodeRequests } from '@web/features/codes/components/code-requests';
import { CardsExport } from '@web/features/codes/components/cards-export';
import { exportPaths, codesApi, batchesQuery } from '@web/features/codes/api';
import { courseKeys, teacherCoursesQuery } from '@web/lib/course-queries';

/** Where a download link points: the typed client names the route, the browser fetches it with its cookie. */

function inDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

type TLimitKey = 'count' | 'maxUses' | 'validUntil' | 'accessDays';

/** How many cards, how many uses each, until when, and how long access lasts. */
function BatchLimits(props: {
  values: Record<TLimitKey, string>;
  set: Record<TLimitKey, (value: string) => void>;
  fields: Partial<Record<string, string>>;
  defaultDays: number | null;
}) {
  const { t } = useTranslation('courses');
  const { values, set, fields, defaultDays } = props;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="batch-count"
        type="number"
        min={1}
        max={BATCH_MAX}
        label={t('codes.count')}
        value={values.count}
        onChange={(e) => set.count(e.target.value)}
        error={fields.count}
      />
      <TextField
        id="batch-max-uses"
        type="number"
        min={1}
        label={t('codes.maxUses')}
        value={values.maxUses}
        onChange={(e) => set.maxUses(e.target.value)}
        error={fields.maxUses}
      />
      <TextField
        id="batch-valid-until"
        type="date"
        label={t('codes.validUntil')}
        value={values.validUntil}
        onChange={(e) => set.validUntil(e.target.value)}
        error={fields.validUntil}
      />
      <TextField
        id="batch-access-days"
        type="number"
        min={1}
        label={t('codes.accessDays')}
        placeholder={defaultDays === null ? t('codes.permanent') : String(defaultDays)}
        hint={t('codes.accessDaysHint')}
        value={values.accessDays}
        onChange={(e) => set.accessDays(e.target.value)}
        error={fields.accessDays}
      />
    </div>
  );
}

/** Cards sold before they work: on by default, as it keeps guessing a code out of reach (docs/decisions/031). */
function ActivateOnSale({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('courses');
  return (
    <div className="space-y-1 rounded-xl border border-primary-200 bg-primary-50 p-3">
      <CheckboxField label={t('codes.activateOnSale')} checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="activate-on-sale" />
      <p className="text-xs text-gray-700">{t('codes.activateOnSaleHelp')}</p>
    </div>
  );
}

function GenerateDialog({ open, onOpenChange, initialCourseId }: { open: boolean; onOpenChange: (open: boolean) => void; initialCourseId: string }) {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  // Always read the list again: a course published a moment ago (and its plans) must be there to be chosen.
  const courses = useQuery({ ...teacherCoursesQuery, refetchOnMount: 'always' });
  const format = useCourseFormat();
  const usable = (courses.data?.courses ?? []).filter((c) => c.status !== 'archived' && c.plans.length > 0);
  const [courseId, setCourseId] = useState(initialCourseId);
  const course = usable.find((c) => c.id === courseId) ?? usable[0];
  const [planId, setPlanId] = useState('');
  const plan = course?.plans.find((p) => p.id === planId) ?? course?.plans[0];
  const [count, setCount] = useState('10');
  const [maxUses, setMaxUses] = useState('1');
  const [validUntil, setValidUntil] = useState(inDays(30));
  const [accessDays, setAccessDays] = useState('');
  // On by default: it is what keeps guessing a code out of reach (docs/decisions/031).
  const [activateOnSale, setActivateOnSale] = useState(true);
  const generate = useMutation({
    mutationFn: () =>
      codesApi.generateBatch({
        courseId: course?.id ?? '',
        planId: plan?.id ?? '',
        count: Number(count),
        maxUses: Number(maxUses),
        validUntil,
        accessDays: accessDays ? Number(accessDays) : null,
        activateOnSale,
      }),
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: courseKeys.all });
      onOpenChange(false);
      void navigate(`/teacher/codes/${id}`);
    },
  });
  const fields = generate.error instanceof ApiError ? generate.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    generate.mutate();
  };
  const defaultDays = plan ? planDays({ type: plan.type, durationDays: plan.durationDays }) : null;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('codes.generateTitle')} description={t('codes.generateHelp')} testId="generate-dialog">
      {courses.isFetching && !usable.some((c) => c.id === initialCourseId) ? (
        <Skeleton className="h-64" />
      ) : usable.length === 0 ? (
        <Notice tone="info">{t('codes.needPublishedCourse')}</Notice>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <SelectField
            id="batch-course"
            label={t('codes.course')}
            value={course?.id}
            onChange={(e) => setCourseId(e.target.value)}
            options={usable.map((c) => ({ value: c.id, label: c.title }))}
          />
          <SelectField
            id="batch-plan"
            label={t('codes.plan')}
            value={plan?.id}
            onChange={(e) => setPlanId(e.target.value)}
            options={(course?.plans ?? []).map((p) => ({ value: p.id, label: `${t(`plans.types.${p.type}`)} — ${format.price(p.priceDzd)}` }))}
          />
          <BatchLimits
            values={{ count, maxUses, validUntil, accessDays }}
            set={{ count: setCount, maxUses: setMaxUses, validUntil: setValidUntil, accessDays: setAccessDays }}
            fields={fields}
            defaultDays={defaultDays}
          />
          <ActivateOnSale checked={activateOnSale} onChange={setActivateOnSale} />
          {generate.isError && Object.keys(fields).length === 0 ? <Notice tone="error">{errorText(generate.error)}</Notice> : null}
          <Button type="submit" busy={generate.isPending} className="w-full" data-testid="generate-submit">
            {t('codes.generate')}
          </Button>
        </form>
      )}
    </Modal>
  );
}

type TBatch = Awaited<ReturnType<NonNullable<ReturnType<typeof batchesQuery>['queryFn']>>>['batches'][number];

function BatchCard({ b }: { b: TBatch }) {
  const { t } = useTranslation('courses');
  const format = useCourseFormat();
  return (
    <li>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="break-words font-bold text-gray-900">{b.courseTitle}</h2>
            <p className="text-sm text-gray-600">
              {t('codes.batchLine', {
                count: b.size,
                plan: b.plan ? t(`plans.types.${b.plan.type}`) : '—',
                date: format.date(b.createdAt),
                until: format.date(b.validUntil),
              })}
            </p>
          </div>
          {b.revokedAt ? <Badge tone="red">{t('codes.batchRevoked')}</Badge> : null}
        </div>
        <div className="flex flex-wrap gap-1.5" data-testid="batch-counts">
          {(['unused', 'sold', 'redeemed', 'expired', 'revoked'] as const).map((s) => (
            <Badge key={s} tone={s === 'redeemed' ? 'green' : s === 'unused' ? 'blue' : s === 'sold' ? 'amber' : s === 'revoked' ? 'red' : 'gray'}>
              {t('codes.stateCount', { state: t(`codes.states.${s}`), n: b.counts[s] })}
            </Badge>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={`/teacher/codes/${b.id}`} className={buttonClass('primary', 'sm')} data-testid="open-batch">
            {t('codes.open')}
          </Link>
          <a href={exportPaths.batch(b.id, 'csv')} className={buttonClass('secondary', 'sm')} download>
            {t('codes.exportCsv')}
          </a>
        </div>
        <CardsExport batchId={b.id} />
      </Card>
    </li>
  );
}

/** /teacher/codes: batches of activation codes, by course, with their states and exports. */
export function CodesPage() {
  const { t } = useTranslation('courses');
  const paginationLabels = usePaginationLabels();
  const [params, setParams] = useSearchParams();
  const courseId = params.get('courseId') ?? undefined;
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const batches = useQuery(batchesQuery(courseId, page));
  const courses = useQuery(teacherCoursesQuery);
  const [open, setOpen] = useState(false);
  const setFilter = (next: Record<string, string | undefined>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    setParams(merged);
  };

  return (
    <div className="space-y-6">
      <PageTitle title={t('codes.title')} subtitle={t('codes.subtitle')}>
        <Button onClick={() => setOpen(true)} data-testid="generate-codes">
          {t('codes.generate')}
        </Button>
      </PageTitle>
      <CodeRequests />
      <SelectField
        label={t('codes.filterCourse')}
        className="max-w-sm"
        value={courseId ?? ''}
        onChange={(e) => setFilter({ courseId: e.target.value || undefined, page: undefined })}
        options={[{ value: '', label: t('codes.allCourses') }, ...(courses.data?.courses ?? []).map((c) => ({ value: c.id, label: c.title }))]}
      />
      {batches.isPending ? (
        <Skeleton className="h-40" />
      ) : batches.isError ? (
        <QueryError query={batches} />
      ) : batches.data.batches.length === 0 ? (
        <EmptyState title={t('codes.emptyTitle')} body={t('codes.emptyBody')} testId="batches-empty" />
      ) : (
        <ul className="space-y-3" data-testid="batch-list">
          {batches.data.batches.map((b) => (
            <BatchCard key={b.id} b={b} />
          ))}
        </ul>
      )}
      {batches.data ? (
        <Pagination
          page={batches.data.page}
          pageSize={batches.data.pageSize}
          total={batches.data.total}
          onPage={(p) => setFilter({ page: String(p) })}
          labels={paginationLabels}
          hideSingle
          testId="pager"
        />
      ) : null}
      {open ? <GenerateDialog open={open} onOpenChange={setOpen} initialCourseId={courseId ?? ''} /> : null}
    </div>
  );
}
