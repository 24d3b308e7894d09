import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLAN_TYPES, SUBSCRIPTION_STATUSES } from '@shared/courses';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { useCourses } from '@web/features/subscriptions/components/enrollment-dialogs';

export type TStudentFilters = { courseId?: string; status?: string; type?: string; q?: string };

/** The list's filters: course, status, plan type and a search by name or e-mail. */
export function StudentFilters({ filters, setFilter }: { filters: TStudentFilters; setFilter: (next: Record<string, string | undefined>) => void }) {
  const { t } = useTranslation('courses');
  const courses = useCourses();
  const [search, setSearch] = useState(filters.q ?? '');
  return (
    <Card className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <SelectField
        label={t('students.filterCourse')}
        value={filters.courseId ?? ''}
        onChange={(e) => setFilter({ courseId: e.target.value || undefined })}
        options={[{ value: '', label: t('codes.allCourses') }, ...courses.map((c) => ({ value: c.id, label: c.title }))]}
      />
      <SelectField
        label={t('students.filterStatus')}
        value={filters.status ?? ''}
        onChange={(e) => setFilter({ status: e.target.value || undefined })}
        options={[
          { value: '', label: t('students.allStatuses') },
          ...[...SUBSCRIPTION_STATUSES, 'none'].map((s) => ({ value: s, label: t(`subscriptions.status.${s}`) })),
        ]}
      />
      <SelectField
        label={t('students.filterType')}
        value={filters.type ?? ''}
        onChange={(e) => setFilter({ type: e.target.value || undefined })}
        options={[{ value: '', label: t('students.allTypes') }, ...PLAN_TYPES.map((p) => ({ value: p, label: t(`plans.types.${p}`) }))]}
      />
      <form
        role="search"
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setFilter({ q: search.trim() || undefined });
        }}
      >
        <TextField
          label={t('students.search')}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="min-w-0 flex-1"
          data-testid="student-search"
        />
        <Button type="submit" variant="secondary">
          {t('students.searchButton')}
        </Button>
      </form>
    </Card>
  );
}
