import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { T } from '../../locale/zh-CN';

/** One day of GET /sys/visitInfo (api-contract §2.1). */
export interface VisitDay {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}

/**
 * Visits and distinct IPs of the last 7 days (spec 7.2 /sys/visitInfo): bars 访问量, line IP,
 * x axis = `type` (MM-dd). Props: data — the days in order. Returns the chart (height 300 px).
 */
export default function VisitChart({ data }: { data: VisitDay[] }) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <ComposedChart data={data} margin={{ top: 16, right: 24, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="type" />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        <Bar dataKey="visit" name={T.visits} fill="#1890FF" barSize={28} />
        <Line dataKey="ip" name={T.ip} stroke="#FA8C16" strokeWidth={2} type="monotone" />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
