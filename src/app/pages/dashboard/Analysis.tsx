import { NOT_AGAIN } from '../../../runtime/ports.js';
import { Card, Col, List, Row, Statistic, Tag, message } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { getAction } from '../../api/http';
import { T } from '../../locale/zh-CN';
import { session } from '../../stores/session';
import { timeFix } from '../../utils/greeting';
import { loadUnread, type UnreadLists } from '../../notice/api';
import FigureCards, { type FigureCardData } from '../../../../renderers/dashboard/FigureCards';
import type { FigureChartData } from '../../../../renderers/dashboard/FigureChart';
import HomeDocs, { type HomeDoc } from './HomeDocs';
import VisitChart, { type VisitDay } from './VisitChart';

/** recharts loads with the first chart. */
const LazyChart = lazy(() => import('../../../../renderers/dashboard/FigureChart'));

interface LogInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

interface HomeData {
  pending: { total: number; records: HomeDoc[] };
  mine: { total: number; records: HomeDoc[] };
  areas: { key: string; title: string; cards: FigureCardData[]; charts: FigureChartData[] }[];
  showVisits: boolean;
}

const PRIORITY: Record<string, string> = { L: 'blue', M: 'orange', H: 'red' };

/**
 * The office home /dashboard/analysis (spec 2.1, 9): the greeting by hour with the user's name,
 * the documents waiting for the user's approval and the user's own latest documents (each a link
 * into the record), unread notices, the figures and charts of the business areas the user may
 * see (GET /sys/dashboard/home, computed by the server within the user's permissions and tenant)
 * and, for administrators, visits and logins (GET /sys/loginfo, /sys/visitInfo).
 */
export default function Analysis() {
  const { userInfo } = useSnapshot(session);
  const [home, setHome] = useState<HomeData | null>(null);
  const [unread, setUnread] = useState<UnreadLists | null>(null);
  const [info, setInfo] = useState<LogInfo | null>(null);
  const [days, setDays] = useState<VisitDay[]>([]);

  useEffect(() => {
    let live = true;
    getAction<HomeData>('/sys/dashboard/home').then((res) => {
      if (!live) return;
      if (!res.success) return void message.warning(res.message);
      setHome(res.result);
      if (!res.result.showVisits) return;
      void Promise.allSettled([getAction<LogInfo>('/sys/loginfo'), getAction<VisitDay[]>('/sys/visitInfo')]).then(([a, b]) => {
        if (!live) return;
        if (a.status === 'fulfilled' && a.value.success) setInfo(a.value.result);
        if (b.status === 'fulfilled' && b.value.success && Array.isArray(b.value.result)) setDays(b.value.result);
      });
    }, NOT_AGAIN);
    loadUnread().then(
      (u) => live && setUnread(u),
      () => live && setUnread({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 }),
    );
    return () => {
      live = false;
    };
  }, []);

  const name = userInfo?.realname || userInfo?.username || '';
  const notices = [...(unread?.anntMsgList ?? []), ...(unread?.sysMsgList ?? [])].slice(0, 6);
  return (
    <div className="dashboard-analysis">
      <Card style={{ marginBottom: 16 }}>
        <div className="greeting" style={{ fontSize: 20, fontWeight: 500 }}>
          {timeFix()}，{name}
        </div>
        <div style={{ color: '#999', marginTop: 4 }}>{T.homeWelcome}</div>
      </Card>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={24} lg={9} style={{ marginBottom: 16 }}>
          <HomeDocs title={T.homePending} docs={home?.pending.records ?? []} total={home?.pending.total ?? 0} loading={!home} showOwner />
        </Col>
        <Col xs={24} lg={9} style={{ marginBottom: 16 }}>
          <HomeDocs title={T.homeMine} docs={home?.mine.records ?? []} total={home?.mine.total ?? 0} loading={!home} />
        </Col>
        <Col xs={24} lg={6}>
          <Card
            size="small"
            title={`${T.homeNotices}（${(unread?.anntMsgTotal ?? 0) + (unread?.sysMsgTotal ?? 0)}）`}
            loading={!unread}
            className="home-notices"
          >
            <List
              size="small"
              dataSource={notices}
              locale={{ emptyText: T.homeNone }}
              renderItem={(n) => (
                <List.Item key={n.id}>
                  <Tag color={PRIORITY[n.priority ?? 'L']}>{n.priority ?? 'L'}</Tag>
                  {n.titile}
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      {home?.areas.map((a) => (
        <Card key={a.key} size="small" title={a.title} style={{ marginBottom: 16 }} className="home-area" data-area={a.key}>
          <FigureCards cards={a.cards} />
          {a.charts.length > 0 && (
            <Row gutter={16} style={{ marginTop: 16 }}>
              {a.charts.map((c) => (
                <Col key={c.key} xs={24} xl={c.span ?? 12} data-chart={c.key}>
                  <Card size="small" title={c.title}>
                    <Suspense fallback={<div style={{ height: 300 }} />}>
                      <LazyChart chart={c} />
                    </Suspense>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
        </Card>
      ))}
      {home?.showVisits && (
        <>
          <Row gutter={16}>
            {[
              { title: T.totalVisit, value: info?.totalVisitCount },
              { title: T.todayVisit, value: info?.todayVisitCount },
              { title: T.todayIp, value: info?.todayIp },
            ].map((s) => (
              <Col key={s.title} xs={24} sm={8} style={{ marginBottom: 16 }}>
                <Card loading={!info}>
                  <Statistic title={s.title} value={s.value ?? 0} />
                </Card>
              </Col>
            ))}
          </Row>
          <Card title={T.visitTrend} loading={!info}>
            <VisitChart data={days} />
          </Card>
        </>
      )}
    </div>
  );
}
