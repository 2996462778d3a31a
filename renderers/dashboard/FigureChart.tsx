import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatFigure } from '../../src/runtime/util/figures';

/** A chart as a report screen or the home page declares it (type, category column, series) with its rows. */
export interface FigureChartData {
  key: string;
  title: string;
  type: 'pie' | 'bar' | 'line' | 'barLine';
  x: string;
  series: { field: string; title: string; type?: 'bar' | 'line' }[];
  span?: number;
  data: Record<string, unknown>[];
}

const COLORS = ['#1890FF', '#FA8C16', '#52C41A', '#722ED1', '#13C2C2', '#EB2F96', '#FADB14', '#2F54EB', '#A0D911', '#F5222D'];
const money = (v: unknown) => formatFigure(v, 'money');

/**
 * One declared chart drawn with recharts (height 300 px): a pie of the first series by `x`, bars,
 * lines, or bars and lines together (each series by its own type). Values in tooltips are shown
 * with thousands separators and two decimals.
 */
export default function FigureChart({ chart }: { chart: FigureChartData }) {
  const data = chart.data.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const s of chart.series) out[s.field] = Number(r[s.field] ?? 0);
    return out;
  });
  if (chart.type === 'pie') {
    const s = chart.series[0];
    return (
      <ResponsiveContainer width="100%" height={300}>
        <PieChart>
          <Pie data={data} dataKey={s.field} nameKey={chart.x} outerRadius={100} label={(p) => String(p.name ?? '')}>
            {data.map((_, i) => (
              <Cell key={i} fill={COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(v) => money(v)} />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    );
  }
  const Chart = chart.type === 'bar' ? BarChart : chart.type === 'line' ? LineChart : ComposedChart;
  return (
    <ResponsiveContainer width="100%" height={300}>
      <Chart data={data} margin={{ top: 16, right: 24, left: 16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={chart.x} interval={0} tick={{ fontSize: 11 }} />
        <YAxis tickFormatter={(v) => formatFigure(v)} width={80} />
        <Tooltip formatter={(v) => money(v)} />
        <Legend />
        {chart.series.map((s, i) =>
          (s.type ?? (chart.type === 'line' ? 'line' : 'bar')) === 'line' ? (
            <Line key={s.field} dataKey={s.field} name={s.title} stroke={COLORS[i % COLORS.length]} strokeWidth={2} type="monotone" />
          ) : (
            <Bar key={s.field} dataKey={s.field} name={s.title} fill={COLORS[i % COLORS.length]} maxBarSize={36} />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
