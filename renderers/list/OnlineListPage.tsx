import { useParams, useSearchParams } from 'react-router-dom';
import { Alert, Spin } from 'antd';
import { useOnlineScreen } from './useOnlineScreen';
import SchemaProblems from './SchemaProblems';
import ScreenList from './ScreenList';

/**
 * The online auto list (spec 2.2, route `/online/cgformList/:code`): loads the screen named
 * by the route's `code` and renders the generic list runtime for it; `?detail={id}` opens that
 * record's detail at once (links from the home page's approvals and submissions).
 */
export default function OnlineListPage() {
  const { code } = useParams();
  const [search] = useSearchParams();
  const load = useOnlineScreen(code);
  if (load.status === 'loading') return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  if (load.status === 'error') return <Alert type="warning" showIcon message={load.message} />;
  if (load.status === 'invalid') return <SchemaProblems problems={load.problems} />;
  return (
    <ScreenList
      key={load.screen.id}
      screen={load.screen}
      hideColumns={load.model.hideColumns ?? []}
      openDetailId={search.get('detail') ?? undefined}
    />
  );
}
