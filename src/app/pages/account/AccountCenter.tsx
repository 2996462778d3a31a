import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Col, Descriptions, List, Row, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { fetchCurrentUserDeparts } from '../../api/account';
import { fileUrl } from '../../api/http';
import type { Depart } from '../../api/types';
import { ACCOUNT_T } from '../../locale/zh-CN';
import { session } from '../../stores/session';

/**
 * Account center /account/center (spec 1 "account center and settings"): the signed-in user's
 * card (avatar, name, account, job title) and details — phone, email, work number and the
 * departments (GET /sys/user/getCurrentUserDeparts, the current one tagged). No props.
 */
export default function AccountCenter() {
  const { userInfo } = useSnapshot(session);
  const [departs, setDeparts] = useState<{ list: Depart[]; orgCode: string }>({ list: [], orgCode: '' });

  useEffect(() => {
    let live = true;
    fetchCurrentUserDeparts()
      .then((res) => live && res.success && res.result && setDeparts({ list: res.result.list ?? [], orgCode: res.result.orgCode ?? '' }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const u = (userInfo ?? {}) as Record<string, unknown>;
  const text = (k: string) => (u[k] === null || u[k] === undefined ? '' : String(u[k]));
  return (
    <Row gutter={24} className="account-center">
      <Col md={24} lg={7}>
        <Card variant="borderless" style={{ marginBottom: 24 }}>
          <div style={{ textAlign: 'center', marginBottom: 24 }}>
            <Avatar size={104} src={text('avatar') ? fileUrl(text('avatar')) : undefined} icon={<UserOutlined />} />
            <div data-testid="account-center-name" style={{ fontSize: 20, fontWeight: 500, marginTop: 12 }}>
              {text('realname') || text('username')}
            </div>
            <div style={{ color: 'rgba(0,0,0,.45)' }}>{text('post')}</div>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={ACCOUNT_T.userAccount}>{text('username')}</Descriptions.Item>
            <Descriptions.Item label={ACCOUNT_T.workNo}>{text('workNo')}</Descriptions.Item>
            <Descriptions.Item label={ACCOUNT_T.phone}>{text('phone')}</Descriptions.Item>
            <Descriptions.Item label={ACCOUNT_T.emailLabel}>{text('email')}</Descriptions.Item>
            <Descriptions.Item label={ACCOUNT_T.birthday}>{text('birthday')}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col md={24} lg={17}>
        <Card variant="borderless" title={ACCOUNT_T.departs}>
          <List
            dataSource={departs.list}
            renderItem={(d) => (
              <List.Item>
                <span>{d.departName}</span>
                {d.orgCode === departs.orgCode && <Tag color="blue">{ACCOUNT_T.currentDepartTag}</Tag>}
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
