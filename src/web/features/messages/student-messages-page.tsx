import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageTitle } from '@web/components/ui/page-heading';
import { cx } from '@web/lib/cx';
import { studentAttach, studentConversationsQuery, studentFileUrl, studentSend, studentThreadQuery } from './api';
import { ThreadView } from './thread-view';

/** {student area}/messages: the student's teachers, and the conversation with one of them. */
export function StudentMessagesPage() {
  const { t } = useTranslation('notifications');
  const { subdomain } = useParams();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState('');
  const list = useQuery(studentConversationsQuery);
  const teachers = list.data?.conversations ?? [];
  // On a teacher's platform, that teacher's conversation comes first.
  const preferred = teachers.find((c) => c.subdomain === subdomain || window.location.hostname.startsWith(`${c.subdomain}.`));
  const teacherId = params.get('teacher') ?? preferred?.teacherId ?? teachers[0]?.teacherId ?? null;
  const thread = useQuery({ ...studentThreadQuery(teacherId ?? '', q), enabled: Boolean(teacherId) });
  return (
    <div className="space-y-6">
      <PageTitle title={t('messages.title')} subtitle={t('messages.studentIntro')} />
      {list.data && teachers.length === 0 && <p className="text-gray-600">{t('messages.noTeachers')}</p>}
      {teachers.length > 1 && (
        <nav aria-label={t('messages.teachers')} className="flex flex-wrap gap-2">
          {teachers.map((c) => (
            <button
              key={c.teacherId}
              type="button"
              onClick={() => setParams({ teacher: c.teacherId })}
              aria-current={c.teacherId === teacherId ? 'true' : undefined}
              className={cx('min-h-11 rounded-lg border px-3', c.teacherId === teacherId ? 'border-primary-600 bg-primary-50' : 'border-gray-200 bg-white')}
            >
              {c.name}
              {c.unread > 0 ? ` (${c.unread})` : ''}
            </button>
          ))}
        </nav>
      )}
      {teacherId && (
        <ThreadView
          title={t('messages.with', { name: thread.data?.teacher.name ?? '' })}
          thread={thread}
          q={q}
          onSearch={setQ}
          send={(body) => studentSend(teacherId, { body })}
          attach={(file, caption) => studentAttach(teacherId, file, caption)}
          fileUrl={(messageId) => studentFileUrl(teacherId, messageId)}
        />
      )}
    </div>
  );
}
