import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPeriodQuery } from '@shared/schemas/analytics';
import { Button } from '@web/components/ui/button';
import { analyticsQueries } from './api';
import { HorizontalBars } from './charts';
import { useFormats } from './format';
import { DataTable, Section } from './section';

/* Quizzes (issue 27): each quiz's average score over the period, and one quiz's item statistics (decision 164). */

function QuizItems({ quizId, title }: { quizId: string; title: string }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const query = useQuery(analyticsQueries.quizItems(quizId));
  if (!query.data) return null;
  const share = (v: number | null) => (v === null ? '—' : f.pct(v));
  return (
    <div className="mt-4" data-testid="quiz-items">
      <h3 className="mb-2 text-sm font-bold text-gray-800" dir="auto">
        {t('quizzes.itemsOf', { title, count: query.data.attempts, value: f.num(query.data.attempts) })}
      </h3>
      <DataTable
        testId="quiz-items-table"
        headers={[t('quizzes.question'), t('quizzes.answered'), t('quizzes.facility'), t('quizzes.discrimination')]}
        rows={query.data.items.map((i) => [
          <span key="q" dir="auto">
            {i.exerciseTitle ? `${i.exerciseTitle} · ` : ''}
            {i.prompt}
          </span>,
          f.num(i.answered),
          share(i.facility),
          i.discrimination === null ? '—' : f.num(i.discrimination),
        ])}
      />
      <p className="mt-2 text-xs text-gray-600">{t('quizzes.itemsNote')}</p>
    </div>
  );
}

export function QuizSection({ filter }: { filter: TPeriodQuery }) {
  const { t } = useTranslation('analytics');
  const f = useFormats();
  const query = useQuery(analyticsQueries.quizzes(filter));
  const [chosen, setChosen] = useState<{ quizId: string; title: string } | null>(null);
  const share = (v: number | null) => (v === null ? '—' : f.pct(v));
  return (
    <Section table="quizzes" query={query} filter={filter}>
      {(rows) => (
        <>
          <HorizontalBars
            testId="quizzes-chart"
            name={t('quizzes.average')}
            format={(v) => f.pct(v / 100)}
            max={100}
            data={rows.map((r) => ({ label: r.title, value: Math.round((r.average ?? 0) * 1000) / 10 }))}
          />
          <DataTable
            testId="quizzes-table"
            headers={[
              'completion.course',
              'quizzes.quiz',
              'quizzes.attempts',
              'quizzes.students',
              'quizzes.average',
              'quizzes.lowest',
              'quizzes.highest',
              'quizzes.passRate',
              'quizzes.items',
            ].map((k) => t(k))}
            rows={rows.map((r) => [
              r.courseTitle,
              <span key="t" dir="auto">
                {r.title}
              </span>,
              f.num(r.attempts),
              f.num(r.students),
              share(r.average),
              share(r.lowest),
              share(r.highest),
              share(r.passRate),
              <Button key="i" size="sm" variant="secondary" onClick={() => setChosen(r)} data-testid="quiz-items-open">
                {t('quizzes.showItems')}
              </Button>,
            ])}
          />
          {chosen && <QuizItems quizId={chosen.quizId} title={chosen.title} />}
        </>
      )}
    </Section>
  );
}
