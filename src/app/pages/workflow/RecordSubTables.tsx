import { WidgetRegistryProvider } from '../../../../registry/context/RuntimeContext';
import { defaultRegistry } from '../../../../registry';
import { SubRowsTable } from '../../../../renderers/list/SubTablesTabs';
import type { InstanceDetail } from './wfApi';

/**
 * The sub tables of an instance's record, read-only (spec 2.7 task screens): each sub table's
 * title and its rows, cells drawn by the widget registry as in the screen's own list. Loaded
 * lazily by the detail modal, so the task lists do not carry the widgets.
 */
export default function RecordSubTables({ tables }: { tables: InstanceDetail['subTables'] }) {
  return (
    <WidgetRegistryProvider registry={defaultRegistry}>
      {tables.map((t) => (
        <div key={t.id} style={{ marginTop: 12 }} data-testid="wf-record-sub">
          <h4>{t.title}</h4>
          <SubRowsTable sub={t.screen} rows={t.rows} />
        </div>
      ))}
    </WidgetRegistryProvider>
  );
}
