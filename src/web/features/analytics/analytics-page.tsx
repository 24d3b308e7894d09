import { useTranslation } from 'react-i18next';
import { PageTitle } from '@web/components/ui/page-heading';
import { ActivitySections, FunnelSection } from './growth-sections';
import { CompletionSection, StopsSection, VideoSection } from './learning-sections';
import { QuizSection } from './quiz-section';
import { PeriodPicker, usePeriodFilter } from './period-picker';
import { CodesSections, RevenueSection } from './sales-sections';

/**
 * /teacher/analytics (issue 27): for a period and a course, where students come from (funnel), how active they
 * are, how far they get (completion, where they stop, video), how quizzes go (scores, item statistics), and what
 * sells (codes, revenue). Every chart has its numbers in a table and a CSV.
 */
export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const [filter, setFilter] = usePeriodFilter();
  return (
    <div className="space-y-6" data-testid="analytics-page">
      <PageTitle title={t('title')} subtitle={t('subtitle')} />
      <PeriodPicker filter={filter} onChange={setFilter} />
      <FunnelSection filter={filter} />
      <ActivitySections filter={filter} />
      <CompletionSection filter={filter} />
      <StopsSection filter={filter} />
      <VideoSection filter={filter} />
      <QuizSection filter={filter} />
      <CodesSections filter={filter} />
      <RevenueSection filter={filter} />
    </div>
  );
}
