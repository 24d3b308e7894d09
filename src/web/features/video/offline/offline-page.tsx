import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@shared/format';
import { toLanguage } from '@shared/i18n';
import type { TOfflineDevice } from '@shared/schemas/offline';
import { usePageTitle } from '@web/components/page-title';
import { Button, buttonClass } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { LESSON_CONTENT_CLASS } from '@web/components/ui/course-kit';
import { videoApi } from '@web/features/video/api';
import { queryClient } from '@web/lib/query-client';
import { renewLesson } from './offline-download';
import { lessonPath, megabytes, needsInstalledApp } from './offline-format';
import { OfflinePlayer } from './offline-player';
import { deviceKey, listLessons, readLesson, rememberDeviceId, removeLesson, type TOfflineLesson } from './offline-store';

const LESSONS_KEY = ['video', 'offline', 'lessons'] as const;

/** Online, the licences are renewed first (a revoked device loses its lessons here); offline, what is stored. */
function useOfflineLessons() {
  return useQuery({
    queryKey: LESSONS_KEY,
    queryFn: async () => {
      if (navigator.onLine) for (const lesson of await listLessons()) await renewLesson(lesson);
      return (await listLessons()).filter((l) => l.stored >= l.licence.segments);
    },
    networkMode: 'always',
    staleTime: Infinity,
  });
}

function Devices() {
  const { t } = useTranslation('video');
  const queryClient = useQueryClient();
  const [mine, setMine] = useState<string | null>(null);
  useEffect(() => void deviceKey().then((k) => setMine(k.id)), []);
  const devices = useQuery({ queryKey: ['video', 'offline', 'devices'], queryFn: () => videoApi.devices(), enabled: navigator.onLine });
  const release = async (d: TOfflineDevice) => {
    await videoApi.releaseDevice(d.id);
    if (d.id === mine) {
      for (const l of await listLessons()) await removeLesson(l.lessonId);
      await rememberDeviceId(null);
    }
    await queryClient.invalidateQueries({ queryKey: ['video', 'offline'] });
  };
  if (!devices.data) return null;
  return (
    <section className="space-y-2" data-testid="offline-devices">
      <h2 className="font-bold">{t('offline.devices')}</h2>
      <p className="text-sm text-gray-600">{t('offline.devicesHelp')}</p>
      <ul className="space-y-2">
        {devices.data.devices.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 p-3">
            <span className="min-w-0 break-words">
              {d.label} · {d.teacherName} {d.id === mine ? `(${t('offline.thisDevice')})` : ''}
            </span>
            <Button variant="secondary" size="sm" onClick={() => void release(d)}>
              {t('offline.release')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The student's downloaded lessons: play one offline, read its text, remove it; and the devices allowed to download. */
export function OfflinePage() {
  const { t, i18n } = useTranslation('video');
  usePageTitle(t('offline.pageTitle'));
  const lessons = useOfflineLessons();
  const queryClient = useQueryClient();
  const [open, setOpenState] = useState<{ lesson: TOfflineLesson; n: number } | null>(null);
  // Each "play" opens the licence again (an expiry reached meanwhile is seen).
  const setOpen = (lesson: TOfflineLesson | null) => setOpenState((o) => (lesson ? { lesson, n: (o?.n ?? 0) + 1 } : null));
  const remove = async (lessonId: string) => {
    await removeLesson(lessonId);
    setOpen(null);
    await queryClient.invalidateQueries({ queryKey: LESSONS_KEY });
  };
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4">
      <h1 className="text-xl font-bold">{t('offline.pageTitle')}</h1>
      {needsInstalledApp() ? <Notice tone="info">{t('offline.iphone')}</Notice> : null}
      {lessons.data?.length === 0 ? <Notice tone="info">{t('offline.none')}</Notice> : null}
      <ul className="space-y-2" data-testid="offline-lessons">
        {(lessons.data ?? []).map((l) => (
          <li key={l.lessonId} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 p-3">
            <span className="min-w-0 break-words">
              {l.title} · {t('offline.mb', { mb: formatNumber(toLanguage(i18n.resolvedLanguage), megabytes(l.licence.sizeBytes)) })}
            </span>
            <span className="flex gap-2">
              <Button size="sm" onClick={() => setOpen(l)} data-testid="offline-play">
                {t('offline.play')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void remove(l.lessonId)}>
                {t('offline.remove')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {open ? (
        <section className="space-y-3">
          <h2 className="font-bold">{open.lesson.title}</h2>
          <OfflinePlayer
            key={open.n}
            lesson={open.lesson}
            lessonUrl={lessonPath(open.lesson.courseId, open.lesson.lessonId)}
            onRetry={() => setOpen(open.lesson)}
            onRenew={async () => {
              await renewLesson(open.lesson);
              await queryClient.invalidateQueries({ queryKey: LESSONS_KEY });
              const renewed = await readLesson(open.lesson.lessonId);
              setOpen(renewed ?? null);
            }}
          />
          <div className={LESSON_CONTENT_CLASS} dangerouslySetInnerHTML={{ __html: open.lesson.bodyHtml }} />
        </section>
      ) : null}
      {navigator.onLine ? <Devices /> : null}
    </div>
  );
}

/** The same page when the installed app started without a network (no session to ask): the way back once online. */
export function OfflineAppPage() {
  const { t } = useTranslation('video');
  return (
    // Outside the signed-in areas, which provide TanStack Query: this page brings its own (the same client).
    <QueryClientProvider client={queryClient}>
      <OfflineAppMain backLabel={t('offline.backToSpace')} note={t('offline.coldStart')} />
    </QueryClientProvider>
  );
}

function OfflineAppMain({ note, backLabel }: { note: string; backLabel: string }) {
  return (
    <main id="main" className="min-h-screen bg-gray-50 pt-4" data-testid="offline-app">
      <div className="mx-auto max-w-3xl space-y-3 px-4">
        <Notice tone="info">{note}</Notice>
        <a href="/student/dashboard" className={buttonClass('secondary', 'sm')}>
          {backLabel}
        </a>
      </div>
      <OfflinePage />
    </main>
  );
}
