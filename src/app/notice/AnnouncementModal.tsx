import { Button, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { JModal } from '../../../registry/components/j-modal/index.js';
import { sanitizeHtml } from '../../../registry/shared/sanitize';
import { NOTICE_T } from '../locale/zh-CN';
import { getAction } from '../api/http';
import type { Announcement } from './api';
import { handleTarget, priorityTag } from './priority';

export interface AnnouncementModalProps {
  /** The announcement shown; null = closed. */
  record: Announcement | null;
  onClose: () => void;
}

/**
 * The announcement detail dialog (spec 2.5, 9: width 60%): title, sender and send time, the
 * priority tag (L 一般消息 blue, M 重要消息 orange, H 紧急消息 red), the HTML content (sanitised
 * again in the browser) and, for url-type announcements, 去处理 leading to the target page.
 * Uses the spec 4.6 modal wrapper (JModal).
 */
export default function AnnouncementModal({ record, onClose }: AnnouncementModalProps) {
  const navigate = useNavigate();
  const html = useMemo(() => sanitizeHtml(record?.msgContent ?? ''), [record]);
  const tag = priorityTag(record?.priority);
  const target = handleTarget(record?.openType, record?.openPage);
  const sender = useSenderName(record?.sender);
  const go = () => {
    if (!target) return;
    onClose();
    if (target.external) window.open(target.path, '_blank', 'noopener,noreferrer');
    else navigate(target.path);
  };
  return (
    <JModal
      open={!!record}
      width="60%"
      title={NOTICE_T.detailTitle}
      onClose={onClose}
      footer={
        <Space>
          {target && (
            <Button type="primary" onClick={go} data-testid="announcement-handle">
              {NOTICE_T.goHandle}
            </Button>
          )}
          <Button onClick={onClose}>{NOTICE_T.close}</Button>
        </Space>
      }
    >
      {record && (
        <div className="announcement-detail" data-testid="announcement-detail">
          <Typography.Title level={4} style={{ textAlign: 'center' }}>
            {record.titile}
          </Typography.Title>
          <div style={{ textAlign: 'center', color: 'rgba(0,0,0,.45)', marginBottom: 16 }}>
            <Space wrap>
              {tag && <Tag color={tag.color}>{tag.text}</Tag>}
              {record.sender && (
                <span>
                  {NOTICE_T.sender}：{sender}
                </span>
              )}
              {record.sendTime && (
                <span>
                  {NOTICE_T.sendTime}：{record.sendTime}
                </span>
              )}
            </Space>
          </div>
          <div className="announcement-content" dangerouslySetInnerHTML={{ __html: html }} />
        </div>
      )}
    </JModal>
  );
}

/**
 * The sender's real name: announcements store the username (as JeecgBoot); it is resolved with
 * the user picker lookup GET /sys/user/getMultiUser?username=name, (any signed-in user). Falls back to the
 * username.
 */
function useSenderName(username: string | null | undefined): string {
  const [name, setName] = useState<{ of: string; realname: string } | null>(null);
  useEffect(() => {
    if (!username) return;
    let live = true;
    type Found = { username?: string; realname?: string }[];
    getAction<Found>('/sys/user/getMultiUser', { username: `${username},` })
      .then((res) => {
        // a bare array (JeecgBoot's shape and ours); an enveloped one from older servers
        const list: unknown = Array.isArray(res) ? res : res.result;
        const hit = Array.isArray(list) ? (list as Found).find((u) => u.username === username) : undefined;
        if (live && hit?.realname) setName({ of: username, realname: hit.realname });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [username]);
  return name && name.of === username ? name.realname : (username ?? '');
}
