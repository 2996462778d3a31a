import { useCallback, useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Table, Tag, message } from 'antd';
import { usePagedList } from './usePagedList';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { NOTICE_T } from '../../locale/zh-CN';
import AnnouncementModal from '../../notice/AnnouncementModal';
import type { Announcement } from '../../notice/api';
import { priorityTag } from '../../notice/priority';

/** A row of GET /sys/sysAnnouncementSend/getMyAnnouncementSend (api-contract §9.2). */
interface SendRow extends Omit<Announcement, 'id'> {
  id: string | null;
  anntId: string;
  readFlag: string;
}

interface Filters {
  titile?: string;
  msgCategory?: string;
  readFlag?: string;
}

/**
 * 我的消息 (/isps/userAnnouncement, component system/UserAnnouncementList; the bell's 查看更多):
 * the signed-in user's published announcements, newest first, paged 10/20/30, filtered by
 * title, category and read state; 查看 opens the detail dialog and marks it read; 全部标注已读
 * marks everything read.
 */
export default function UserAnnouncementList() {
  const { request } = useRuntimeContext();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [detail, setDetail] = useState<Announcement | null>(null);

  const params = useCallback(() => {
    const p: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(filters)) if (v) p[k] = v;
    return p;
  }, [filters]);
  const list = usePagedList<SendRow>('/sys/sysAnnouncementSend/getMyAnnouncementSend', params);

  const view = async (row: SendRow) => {
    setDetail({ ...row, id: row.anntId });
    if (row.readFlag !== '1') {
      // a failed mark was shown by the request layer; the row then stays unread
      const res = await request.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: row.anntId }).catch(() => null);
      if (res) void list.reload();
    }
  };
  const readAll = async () => {
    const res = await request.put('/sys/sysAnnouncementSend/readAll').catch(() => null);
    if (!res) return;
    if (res.success) {
      message.success(res.message);
      void list.reload();
    } else message.warning(res.message);
  };

  return (
    <Card variant="borderless" data-page="user-announcements">
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 12 }}
        onFinish={(v) => {
          setFilters(v);
          list.toFirstPage();
        }}
      >
        <Form.Item name="titile" label={NOTICE_T.title}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="msgCategory" label={NOTICE_T.msgCategory}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={[
              { value: '1', label: NOTICE_T.categoryNotice },
              { value: '2', label: NOTICE_T.categorySystem },
            ]}
          />
        </Form.Item>
        <Form.Item name="readFlag" label={NOTICE_T.readFlag}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: '0', label: NOTICE_T.unread },
              { value: '1', label: NOTICE_T.read },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {NOTICE_T.search}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
              list.toFirstPage();
            }}
          >
            {NOTICE_T.reset}
          </Button>
          <Button onClick={() => void readAll()}>{NOTICE_T.readAll}</Button>
        </Space>
      </Form>
      <Table<SendRow>
        rowKey={(r) => r.id ?? r.anntId}
        size="middle"
        bordered
        loading={list.loading}
        dataSource={list.rows}
        columns={[
          { key: 'titile', dataIndex: 'titile', title: NOTICE_T.title, ellipsis: true },
          {
            key: 'msgCategory',
            dataIndex: 'msgCategory',
            title: NOTICE_T.msgCategory,
            align: 'center',
            render: (v: string) => (v === '2' ? NOTICE_T.categorySystem : NOTICE_T.categoryNotice),
          },
          { key: 'sender', dataIndex: 'sender', title: NOTICE_T.sender, align: 'center' },
          { key: 'sendTime', dataIndex: 'sendTime', title: NOTICE_T.sendTime, align: 'center', width: 180 },
          {
            key: 'priority',
            dataIndex: 'priority',
            title: NOTICE_T.priority,
            align: 'center',
            render: (v: string) => {
              const tag = priorityTag(v);
              return tag ? <Tag color={tag.color}>{tag.text}</Tag> : v;
            },
          },
          {
            key: 'readFlag',
            dataIndex: 'readFlag',
            title: NOTICE_T.readFlag,
            align: 'center',
            render: (v: string) => (v === '1' ? <Tag>{NOTICE_T.read}</Tag> : <Tag color="red">{NOTICE_T.unread}</Tag>),
          },
          {
            key: '_action',
            title: NOTICE_T.action,
            align: 'center',
            width: 90,
            render: (_: unknown, row: SendRow) => <a onClick={() => void view(row)}>{NOTICE_T.view}</a>,
          },
        ]}
        pagination={list.pagination}
      />
      <AnnouncementModal record={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
