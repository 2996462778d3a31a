import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import PageContent from '../../layouts/PageContent';
import { T } from '../../locale/zh-CN';
import { HOME_PATH } from '../../router/constants';

/**
 * Result pages of spec 1 (JeecgBoot /result/success and /result/fail): a success or error result
 * with its title, explanation and the way back. Props: type 'success' | 'error'. Returns the page.
 */
export default function ResultPage({ type }: { type: 'success' | 'error' }) {
  const navigate = useNavigate();
  const success = type === 'success';
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(HOME_PATH));
  return (
    <PageContent title={false}>
      <Card variant="borderless">
        <Result
          status={type}
          title={success ? T.resultSuccessTitle : T.resultErrorTitle}
          subTitle={success ? T.resultSuccessDescription : T.resultErrorDescription}
          extra={
            success
              ? [
                  <Button key="back" type="primary" onClick={back}>
                    {T.resultBackList}
                  </Button>,
                  <Button key="home" onClick={() => navigate(HOME_PATH)}>
                    {T.backHome}
                  </Button>,
                ]
              : [
                  <Button key="modify" type="primary" onClick={back}>
                    {T.resultModify}
                  </Button>,
                ]
          }
        />
      </Card>
    </PageContent>
  );
}
