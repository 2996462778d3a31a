import { Card, Empty, List, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { T } from '../../locale/zh-CN';

/** A document of the home page's lists (GET /sys/dashboard/home pending/mine). */
export interface HomeDoc {
  screen: string;
  screenTitle: string;
  id: string;
  no: string | null;
  subject: string | null;
  owner_dictText?: string | null;
  date: string | null;
  status: string;
  status_dictText?: string;
}

const STATUS_COLOR: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'success', '3': 'error', '4': 'default' };

/**
 * A card listing documents with links into them (the screen's list opening the record's detail):
 * screen title, number and subject, applicant (pending) or status (mine), date.
 */
export default function HomeDocs({
  title,
  docs,
  total,
  loading,
  showOwner,
}: {
  title: string;
  docs: HomeDoc[];
  total: number;
  loading: boolean;
  showOwner?: boolean;
}) {
  return (
    <Card
      size="small"
      title={title}
      extra={total > docs.length ? T.homeMore(total) : undefined}
      loading={loading}
      className={`home-docs home-${showOwner ? 'pending' : 'mine'}`}
    >
      {docs.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.homeNone} />
      ) : (
        <List
          size="small"
          dataSource={docs}
          renderItem={(d) => (
            <List.Item
              key={`${d.screen}:${d.id}`}
              extra={<span style={{ color: '#999' }}>{d.date?.slice(0, 10)}</span>}
              actions={[
                showOwner ? (
                  <span key="o">{d.owner_dictText}</span>
                ) : (
                  <Tag key="s" color={STATUS_COLOR[d.status]}>
                    {d.status_dictText}
                  </Tag>
                ),
              ]}
            >
              <Link to={`/online/cgformList/${d.screen}?detail=${encodeURIComponent(d.id)}`}>
                <Tag>{d.screenTitle}</Tag>
                {d.no} {d.subject && d.subject !== d.no ? d.subject : ''}
              </Link>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
