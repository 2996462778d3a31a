import type { ReactNode } from 'react';
import { Alert, Spin, Tabs } from 'antd';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { SubTable } from './SubTablesTabs';
import { useSubScreens } from './useSubScreens';

export interface DetailWithSubTablesProps {
  screen: ScreenSchema;
  mainId: string;
  /** the master form */
  children: ReactNode;
}

/**
 * A main record's detail with its sub tables (spec 2.2): the tab template shows the master form
 * as the first tab and each sub table as a further tab; other templates show the form with the
 * sub tables in tabs below it. Sub tables load through subform/list (3 tries, 打开子表失败).
 */
export default function DetailWithSubTables({ screen, mainId, children }: DetailWithSubTablesProps) {
  const subs = useSubScreens(screen);
  const subItems =
    subs.status === 'ready' ? subs.subs.map((s) => ({ key: s.id, label: s.title, children: <SubTable sub={s} mainId={mainId} /> })) : [];
  const pending =
    subs.status === 'error' ? <Alert type="warning" showIcon message={subs.message} /> : subs.status === 'loading' ? <Spin /> : null;
  if (screen.template === 'tab')
    return (
      <>
        <Tabs className="detail-tabs" items={[{ key: '_main', label: screen.title, children }, ...subItems]} />
        {pending}
      </>
    );
  return (
    <>
      {children}
      {pending ?? <Tabs className="detail-tabs" items={subItems} />}
    </>
  );
}
