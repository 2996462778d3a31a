import { Card, Col, Row, Statistic, message } from 'antd';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { getAction } from '../../api/http';
import { T } from '../../locale/zh-CN';
import { session } from '../../stores/session';
import { timeFix } from '../../utils/greeting';
import VisitChart, { type VisitDay } from './VisitChart';

interface LogInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

/**
 * The home dashboard /dashboard/analysis (spec 2.1, 7.2, 9): greeting by hour with the user's
 * realname, three Statistic cards from GET /sys/loginfo (总访问量, 今日访问, 今日IP) and the
 * 7-day chart of GET /sys/visitInfo. A success:false answer shows its message. No props.
 */
export default function Analysis() {
  const { userInfo } = useSnapshot(session);
  const [info, setInfo] = useState<LogInfo | null>(null);
  const [days, setDays] = useState<VisitDay[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    Promise.allSettled([getAction<LogInfo>('/sys/loginfo'), getAction<VisitDay[]>('/sys/visitInfo')])
      .then(([a, b]) => {
        if (!live) return;
        if (a.status === 'fulfilled') {
          if (a.value.success && a.value.result) setInfo(a.value.result);
          else if (!a.value.success) void message.warning(a.value.message);
        }
        if (b.status === 'fulfilled') {
          if (b.value.success && Array.isArray(b.value.result)) setDays(b.value.result);
          else if (!b.value.success) void message.warning(b.value.message);
        }
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const name = userInfo?.realname || userInfo?.username || '';
  return (
    <div className="dashboard-analysis">
      <Card style={{ marginBottom: 16 }}>
        <div className="greeting" style={{ fontSize: 20, fontWeight: 500 }}>
          {timeFix()}，{name}
        </div>
      </Card>
      <Row gutter={16}>
        {[
          { title: T.totalVisit, value: info?.totalVisitCount },
          { title: T.todayVisit, value: info?.todayVisitCount },
          { title: T.todayIp, value: info?.todayIp },
        ].map((s) => (
          <Col key={s.title} xs={24} sm={8} style={{ marginBottom: 16 }}>
            <Card loading={loading}>
              <Statistic title={s.title} value={s.value ?? 0} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={T.visitTrend} loading={loading}>
        <VisitChart data={days} />
      </Card>
    </div>
  );
}
