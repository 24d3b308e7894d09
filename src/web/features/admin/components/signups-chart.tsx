import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useShortDay } from './datetime';
import type { TAdminOverview } from '@web/features/admin/api';

type TDay = TAdminOverview['signups'][number];

/**
 * New teachers and students per day. In Arabic the time axis runs right to left (today at the left
 * end, where the line ends) and the value axis sits on the right, like the rest of the page.
 */
export function SignupsChart({ days }: { days: TDay[] }) {
  const { t, i18n } = useTranslation('admin');
  const shortDay = useShortDay();
  const rtl = i18n.dir() === 'rtl';
  const data = days.map((d) => ({ ...d, label: shortDay(d.date) }));
  return (
    <div className="h-72 w-full overflow-hidden" data-testid="signups-chart" dir="ltr">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" reversed={rtl} tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} orientation={rtl ? 'right' : 'left'} width={32} tick={{ fontSize: 11 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="teachers" name={t('overview.chart.teachers')} stackId="signups" fill="var(--color-primary-600, #2563eb)" />
          <Bar dataKey="students" name={t('overview.chart.students')} stackId="signups" fill="#f59e0b" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
