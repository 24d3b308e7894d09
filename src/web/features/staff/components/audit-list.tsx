import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader } from '@web/components/ui/card';
import { SelectField } from '@web/components/ui/form-field';
import { QueryError } from '@web/components/ui/error-state';
import { useDateFormat } from '@web/lib/format';
import { auditQuery } from '@web/features/staff/api';

/** The teacher's activity log: who did what on the platform, newest first, filtered by person. */
export function AuditList() {
  const { t } = useTranslation('staff');
  const { t: ta } = useTranslation('admin');
  const formatDate = useDateFormat();
  const [person, setPerson] = useState('');
  const [page, setPage] = useState(1);
  const log = useQuery(auditQuery(person, page));
  const people = log.data?.people ?? [];
  return (
    <Card aria-labelledby="audit-title">
      <CardHeader id="audit-title" title={t('page.audit')} />
      <SelectField
        label={t('page.person')}
        value={person}
        onValueChange={(value) => {
          setPerson(value);
          setPage(1);
        }}
        options={[{ value: '', label: t('page.allPeople') }, ...people.map((p) => ({ value: p.id, label: p.name }))]}
        data-testid="staff-audit-person"
        className="max-w-xs"
      />
      {log.isError && <QueryError query={log} />}
      {log.data && log.data.entries.length === 0 && <p className="mt-3 text-sm text-gray-600">{t('page.noEntries')}</p>}
      <ul className="mt-3 divide-y divide-gray-100" data-testid="staff-audit">
        {log.data?.entries.map((e) => (
          <li key={e.id} className="flex flex-wrap gap-x-3 py-2 text-sm">
            <span className="font-medium text-gray-900">{e.actorName ?? ta(`audit.roles.${e.actorRole}`, { defaultValue: e.actorRole })}</span>
            <span className="text-gray-700">{ta(`audit.actions.${e.action}`, { defaultValue: t('audit.other') })}</span>
            <span className="ms-auto text-gray-500">{formatDate(e.createdAt)}</span>
          </li>
        ))}
      </ul>
      {log.data?.hasMore && (
        <Button variant="ghost" size="sm" onClick={() => setPage(page + 1)}>
          {t('page.more')}
        </Button>
      )}
    </Card>
  );
}
