import { Card, Col, Row, Statistic } from 'antd';
import { formatFigure, type FigureFormat } from '../../src/runtime/util/figures';

/** A KPI card with its value. */
export interface FigureCardData {
  key: string;
  title: string;
  value: number;
  format?: FigureFormat;
  suffix?: string;
}

/** KPI cards in a responsive row (6 per row on wide screens): title, value in its format, unit. */
export default function FigureCards({ cards, loading }: { cards: FigureCardData[]; loading?: boolean }) {
  return (
    <Row gutter={[16, 16]} className="figure-cards">
      {cards.map((c) => (
        <Col key={c.key} xs={24} sm={12} md={8} xl={4} data-card={c.key}>
          <Card size="small" loading={loading}>
            <Statistic title={c.title} value={formatFigure(c.value, c.format)} suffix={c.suffix || undefined} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
