import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useFormats } from './format';

/*
 * The analytics charts (recharts). In Arabic they mirror like the page: time runs right to left, the value axis
 * sits on the right, a horizontal bar grows from the right, the legend reads from the right. Numbers go through the
 * shared formatter. The charts are drawn left to right (dir="ltr"), so a label with words is isolated in its own
 * direction: "28 نوفمبر" keeps its day first for a reader from the right.
 */

const COLORS = ['var(--color-primary-600, #2563eb)', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6'];

type TSeries = { key: string; name: string };

/** Values per day or week: bars (counts) or lines (a trend). */
export function TimeChart({
  data,
  xKey,
  series,
  kind = 'bar',
  categories = false,
  testId,
}: {
  data: Array<Record<string, string | number>>;
  xKey: string;
  series: TSeries[];
  kind?: 'bar' | 'line';
  /** The x values are names (batch numbers), not days. */
  categories?: boolean;
  testId: string;
}) {
  const f = useFormats();
  const Chart = kind === 'bar' ? BarChart : LineChart;
  const coloured = series.map((s, i) => ({ s, color: COLORS[i % COLORS.length] }));
  const order = (item: { dataKey?: unknown }) => series.findIndex((x) => x.key === item.dataKey);
  if (data.length === 0) return null;
  return (
    <div className="h-64 w-full overflow-hidden" dir="ltr" data-testid={testId} data-points={data.length}>
      <ResponsiveContainer width="100%" height="100%">
        <Chart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey={xKey}
            reversed={f.rtl}
            tick={{ fontSize: 11 }}
            tickFormatter={(v: string) => f.isolate(categories ? v : f.axisDay(v))}
            interval="preserveStartEnd"
            minTickGap={16}
          />
          <YAxis orientation={f.rtl ? 'right' : 'left'} width={40} allowDecimals={false} tick={{ fontSize: 11 }} tickFormatter={(v: number) => f.num(v)} />
          <Tooltip
            labelFormatter={(v) => (categories ? String(v) : f.day(String(v)))}
            formatter={(v) => f.num(Number(v))}
            itemSorter={order}
            wrapperStyle={{ direction: f.rtl ? 'rtl' : 'ltr' }}
          />
          {series.length > 1 && (
            // In the series' order (recharts sorts by name otherwise), read from the right in Arabic.
            <Legend
              itemSorter={order}
              wrapperStyle={{ direction: f.rtl ? 'rtl' : 'ltr' }}
              // recharts spaces the swatch from its name on the swatch's right: the name's start side in Arabic.
              formatter={(name: string) => <span style={{ marginInlineStart: f.rtl ? 4 : 0 }}>{name}</span>}
            />
          )}
          {/* Bars side by side read from the right in Arabic: the first series is drawn last, at the right of its group. */}
          {(f.rtl ? [...coloured].reverse() : coloured).map(({ s, color }) =>
            kind === 'bar' ? (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={color} maxBarSize={40} isAnimationActive={false} />
            ) : (
              <Line key={s.key} dataKey={s.key} name={s.name} stroke={color} strokeWidth={2} dot={false} type="monotone" isAnimationActive={false} />
            ),
          )}
        </Chart>
      </ResponsiveContainer>
    </div>
  );
}

/** Labelled quantities as horizontal bars (the funnel's steps, a lesson list, amounts). */
export function HorizontalBars({
  data,
  name,
  format,
  max,
  testId,
}: {
  data: Array<{ label: string; value: number }>;
  name: string;
  format?: (v: number) => string;
  /** The end of the value axis when it has one (100 for a percentage), so that 75% does not fill the width. */
  max?: number;
  testId: string;
}) {
  const f = useFormats();
  const show = format ?? f.num;
  if (data.length === 0) return null;
  return (
    <div className="w-full overflow-hidden" style={{ height: Math.max(120, data.length * 40 + 24) }} dir="ltr" data-testid={testId} data-points={data.length}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 8, left: 8, bottom: 4 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            reversed={f.rtl}
            allowDecimals={false}
            domain={[0, max ?? 'auto']}
            tick={{ fontSize: 11 }}
            tickFormatter={(v: number) => f.isolate(show(v))}
          />
          <YAxis
            type="category"
            dataKey="label"
            orientation={f.rtl ? 'right' : 'left'}
            width={150}
            tick={{ fontSize: 12 }}
            tickFormatter={(v: string) => f.isolate(v)}
          />
          <Tooltip formatter={(v) => show(Number(v))} wrapperStyle={{ direction: f.rtl ? 'rtl' : 'ltr' }} />
          <Bar dataKey="value" name={name} fill={COLORS[0]} maxBarSize={28} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
