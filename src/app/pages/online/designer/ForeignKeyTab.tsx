/**
 * The editor's 外键 tab of a sub screen (JeecgBoot's main table and field of the foreign key):
 * the main screens whose subTables name this screen, through which field of it. The link is the
 * main screen's setting: its foreign-key field is chosen here only where the designer may save
 * that main screen (authored; the editor saves it after this screen), else shown read-only.
 */
import { Alert, Select, Table } from 'antd';
import type { ScreenField } from '../../../../shared/generated/screen-schema';
import { toColumn } from '../../../../shared/columns';
import { EDITOR_UI } from './editorTexts';

/** One main screen naming the sub screen (GET /online/cgform/head/schema `foreignKeys`). */
export interface ForeignKeyLink {
  mainId: string;
  mainTitle: string;
  mainTable: string;
  mainField: string;
  foreignKey: string;
  relationType: 'oneToMany' | 'oneToOne';
  /** The designer may save the main screen (authored, not built-in). */
  editable: boolean;
}

const T = EDITOR_UI.fk;
const RELATION = Object.fromEntries(EDITOR_UI.head.relationTypes.map((r) => [r.value, r.label]));

/** Props of {@link ForeignKeyTab}. */
export interface ForeignKeyTabProps {
  links: ForeignKeyLink[];
  /** The sub screen's fields (the foreign key's column and label; the choices of an editable link). */
  fields: ScreenField[];
  readOnly?: boolean;
  /** A new foreign-key field chosen for the link of main screen `mainId`. */
  onChange?: (mainId: string, foreignKey: string) => void;
}

/** The 外键 tab (see the file comment). */
export default function ForeignKeyTab({ links, fields, readOnly, onChange }: ForeignKeyTabProps) {
  const label = (name: string) => {
    const f = fields.find((x) => x.name === name);
    return f ? `${toColumn(name)}（${f.title}）` : toColumn(name);
  };
  return (
    <div data-grid="fk">
      <Alert type="info" showIcon message={T.notice} style={{ marginBottom: 12 }} />
      <Table<ForeignKeyLink>
        size="small"
        rowKey="mainId"
        pagination={false}
        dataSource={links}
        locale={{ emptyText: T.none }}
        columns={[
          { title: T.mainTitle, dataIndex: 'mainTitle' },
          { title: T.mainTable, dataIndex: 'mainTable' },
          { title: T.mainField, dataIndex: 'mainField' },
          {
            title: T.foreignKey,
            dataIndex: 'foreignKey',
            render: (v: string, r) =>
              r.editable && !readOnly ? (
                <Select
                  data-field={`fk-${r.mainId}`}
                  style={{ width: 240 }}
                  value={v}
                  options={fields.map((f) => ({ value: f.name, label: label(f.name) }))}
                  onChange={(next: string) => onChange?.(r.mainId, next)}
                />
              ) : (
                label(v)
              ),
          },
          { title: T.relationType, dataIndex: 'relationType', render: (v: string) => RELATION[v] ?? v },
          { title: T.where, key: 'where', render: (_: unknown, r) => (r.editable ? T.editIn(r.mainTitle) : T.builtIn) },
        ]}
      />
    </div>
  );
}
