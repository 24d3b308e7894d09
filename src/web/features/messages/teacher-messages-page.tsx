import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TextField } from '@web/components/ui/form-field';
import { Notice } from '@web/components/ui/notice';
import { PageTitle } from '@web/components/ui/page-heading';
import { cx } from '@web/lib/cx';
import { teacherAttach, teacherConversationsQuery, teacherFileUrl, teacherSend, teacherThreadQuery } from './api';
import { BroadcastPanel } from './broadcast-panel';
import { ThreadView } from './thread-view';

const TABS = ['students', 'broadcasts', 'visitors'] as const;
type TTab = (typeof TABS)[number];

function Conversations() {
  const { t } = useTranslation('notifications');
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState('');
  const [threadQ, setThreadQ] = useState('');
  const list = useQuery(teacherConversationsQuery(q));
  const studentId = params.get('student') ?? list.data?.conversations[0]?.studentId ?? null;
  const thread = useQuery({ ...teacherThreadQuery(studentId ?? '', threadQ), enabled: Boolean(studentId) });
  return (
    <div className="grid gap-6 md:grid-cols-[16rem_1fr]">
      <nav aria-label={t('messages.tabs.students')} className="space-y-2">
        <TextField label={t('messages.searchStudents')} type="search" value={q} onValueChange={setQ} />
        {list.data?.conversations.length === 0 && <p className="text-sm text-gray-600">{t('messages.noConversations')}</p>}
        <ul className="space-y-1">
          {list.data?.conversations.map((c) => (
            <li key={c.studentId}>
              <button
                type="button"
                data-testid="conversation"
                aria-current={c.studentId === studentId ? 'true' : undefined}
                onClick={() => setParams({ student: c.studentId })}
                className={cx(
                  'flex min-h-11 w-full items-center justify-between gap-2 rounded-lg px-3 text-start',
                  c.studentId === studentId ? 'bg-primary-50 text-primary-900' : 'hover:bg-gray-100',
                )}
              >
                <span className="truncate font-medium">{c.name}</span>
                {c.unread > 0 && <span className="rounded-full bg-red-700 px-2 text-xs font-bold text-white">{t('messages.unread', { n: c.unread })}</span>}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {studentId ? (
        <ThreadView
          title={t('messages.with', { name: thread.data?.student.name ?? '' })}
          thread={thread}
          q={threadQ}
          onSearch={setThreadQ}
          send={(body) => teacherSend(studentId, { body })}
          attach={(file, caption) => teacherAttach(studentId, file, caption)}
          fileUrl={(messageId) => teacherFileUrl(studentId, messageId)}
        />
      ) : (
        <p className="text-gray-600">{t('messages.pick')}</p>
      )}
    </div>
  );
}

/** /dashboard/messages: students' conversations, announcements, and (apart) the landing pages' visitors. */
export function TeacherMessagesPage({ contactRequests }: { contactRequests: ReactNode }) {
  const { t } = useTranslation('notifications');
  const [params, setParams] = useSearchParams();
  const tab: TTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TTab)
    : params.has('student')
      ? 'students'
      : 'students';
  return (
    <div className="space-y-6">
      {tab !== 'visitors' && <PageTitle title={t('messages.title')} subtitle={t('messages.subtitle')} />}
      <div role="tablist" aria-label={t('messages.tabs.label')} className="flex flex-wrap gap-1 border-b border-gray-200">
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            data-testid={`messages-tab-${key}`}
            onClick={() => setParams({ tab: key })}
            className={cx(
              'min-h-11 rounded-t-lg px-4 font-medium',
              tab === key ? 'border-b-2 border-primary-600 text-primary-800' : 'text-gray-700 hover:bg-gray-100',
            )}
          >
            {t(`messages.tabs.${key}`)}
          </button>
        ))}
      </div>
      {tab === 'students' && <Conversations />}
      {tab === 'broadcasts' && <BroadcastPanel />}
      {tab === 'visitors' && (
        <div className="space-y-4">
          <Notice tone="info">{t('messages.visitorsNote')}</Notice>
          {contactRequests}
        </div>
      )}
    </div>
  );
}
