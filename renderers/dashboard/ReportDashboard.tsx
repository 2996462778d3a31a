import { Alert, Card, Col, Row } from 'antd';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useRuntimeContext } from '../../registry/context/RuntimeContext';
import FigureCards, { type FigureCardData } from './FigureCards';
import type { FigureChartData } from './FigureChart';

/** recharts loads with the first chart, not with the list page. */
const LazyChart = lazy(() => import('./FigureChart'));

/**
 * The KPI cards and charts of a report screen (report `cards`/`charts`): loaded from
 * GET /online/cgreport/api/getDashboard/{id} with the report's current parameters, drawn above
 * its list. A refusal shows the server's message.
 */
export default function ReportDashboard({ reportId, params }: { reportId: string; params?: Record<string, unknown> }) {
  const { request } = useRuntimeContext();
  const [data, setData] = useState<{ cards: FigureCardData[]; charts: FigureChartData[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    request
      .get<{ cards: FigureCardData[]; charts: FigureChartData[] }>(
        `/online/cgreport/api/getDashboard/${encodeURIComponent(reportId)}`,
        params,
      )
      .then(
        (res) => {
          if (!live) return;
          if (res.success) setData(res.result);
          else setError(res.message);
        },
        (e: Error) => live && setError(e.message),
      );
    return () => {
      live = false;
    };
  }, [request, reportId, params]);
  if (error) return <Alert type="warning" showIcon message={error} style={{ marginBottom: 16 }} />;
  return (
    <div className="report-dashboard" style={{ marginBottom: 16 }}>
      <FigureCards cards={data?.cards ?? []} loading={!data} />
      {!!data?.charts.length && (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          {data.charts.map((c) => (
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
    </div>
  );
}
