import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover, Tabs, Tag, message, notification } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { NOTICE_T } from '../locale/zh-CN';
import { USER_ANNOUNCEMENT_PATH } from '../router/menuRoutes';
import AnnouncementModal from './AnnouncementModal';
import { markRead, queryAnnouncement, type Announcement } from './api';
import type { NoticeFrame } from './noticeSocket';
import { priorityTag } from './priority';
import { useNoticeBell } from './useNoticeBell';

function NoticeList({ items, onOpen, onMore }: { items: Announcement[]; onOpen: (a: Announcement) => void; onMore: () => void }) {
  return (
    <>
      <List
        size="small"
        dataSource={items}
        locale={{ emptyText: NOTICE_T.empty }}
        renderItem={(a) => {
          const tag = priorityTag(a.priority);
          return (
            <List.Item className="notice-item" style={{ cursor: 'pointer' }} onClick={() => onOpen(a)}>
              <List.Item.Meta
                title={
                  <span>
                    {tag && <Tag color={tag.color}>{tag.text}</Tag>}
                    {a.titile}
                  </span>
                }
                description={a.sendTime ?? a.createTime ?? ''}
              />
            </List.Item>
          );
        }}
      />
      <div style={{ textAlign: 'center', paddingTop: 8 }}>
        <Button type="dashed" block onClick={onMore}>
          {NOTICE_T.viewMore}
        </Button>
      </div>
    </>
  );
}

/**
 * The notice bell of the header (spec 2.5, 4.6): a count badge of the unread notices and system
 * messages; clicking opens a popover 300 px wide with the tabs 通知(n) and 系统消息(n), each with
 * 查看更多 leading to /isps/userAnnouncement. Opening an item shows the detail dialog (60%),
 * marks it read and reloads. A push (cmd user/topic) reloads and shows a 消息提醒 notification
 * whose 查看详情 opens that announcement. No props.
 */
export default function NoticeBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Announcement | null>(null);
  const [api, contextHolder] = notification.useNotification();

  const show = useCallback(async (a: Announcement, reload: () => Promise<void>) => {
    setOpen(false);
    setDetail(a);
    try {
      await markRead(a.id);
    } finally {
      await reload();
    }
  }, []);

  const onPush = (frame: NoticeFrame) => {
    if (!frame.msgId) return;
    const key = `notice-${frame.msgId}`;
    api.info({
      key,
      message: NOTICE_T.pushTitle,
      description: frame.msgTxt,
      placement: 'bottomRight',
      btn: (
        <Button
          type="primary"
          size="small"
          onClick={async () => {
            api.destroy(key);
            const res = await queryAnnouncement(frame.msgId!);
            if (res.success && res.result) await show(res.result, bell.reload);
            else void message.warning(res.message);
          }}
        >
          {NOTICE_T.pushView}
        </Button>
      ),
    });
  };
  const bell = useNoticeBell(onPush);
  const more = () => {
    setOpen(false);
    navigate(USER_ANNOUNCEMENT_PATH);
  };
  const content = (
    <Tabs
      size="small"
      centered
      items={[
        {
          key: 'notice',
          label: NOTICE_T.noticeTab(bell.lists.anntMsgTotal),
          children: <NoticeList items={bell.lists.anntMsgList} onOpen={(a) => void show(a, bell.reload)} onMore={more} />,
        },
        {
          key: 'system',
          label: NOTICE_T.systemTab(bell.lists.sysMsgTotal),
          children: <NoticeList items={bell.lists.sysMsgList} onOpen={(a) => void show(a, bell.reload)} onMore={more} />,
        },
      ]}
    />
  );
  return (
    <>
      {contextHolder}
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        content={content}
        styles={{ root: { width: 300 } }}
        classNames={{ root: 'header-notice-popover' }}
      >
        <span
          className="header-notice"
          data-testid="notice-bell"
          aria-label={NOTICE_T.bellLabel}
          style={{ cursor: 'pointer', padding: '0 12px' }}
        >
          <Badge count={bell.total} size="small" data-testid="notice-count">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </span>
      </Popover>
      <AnnouncementModal record={detail} onClose={() => setDetail(null)} />
    </>
  );
}
