import { PICKER_TEXT } from '../shared/locale.js';
import { BizRecordPicker } from './BizRecordPicker.js';
import { PICKER_WIDTH, POSITION_PICKER_URL, ROLE_PICKER_URL, USER_PICKER_URL } from './model.js';

export { POSITION_PICKER_URL, ROLE_PICKER_URL, USER_PICKER_URL } from './model.js';

type Row = Record<string, unknown>;

/** Props shared by the ready-made record pickers. */
export interface RecordPickerProps {
  open: boolean;
  multi?: boolean;
  initialSelected?: Row[];
  onOk: (rows: Row[]) => void;
  onCancel: () => void;
}

/**
 * The multi-user picker (JSelectMultiUser; spec 2.6, 9): width 1200, search by 账号 (username)
 * and 姓名 (realname), 5 rows a page (5/10/20/30), newest users first (createTime descending);
 * the selected-items table shows realnames. Rows are keyed by username. OK returns the rows
 * (id, username, realname …).
 */
export function UserPickerModal({ open, multi = true, initialSelected, onOk, onCancel }: RecordPickerProps) {
  return (
    <BizRecordPicker
      open={open}
      testId="user-picker"
      title={PICKER_TEXT.userTitle}
      width={PICKER_WIDTH.user}
      url={USER_PICKER_URL}
      rowKey="username"
      params={{ column: 'createTime', order: 'desc' }}
      queryFields={[
        { code: 'username', label: PICKER_TEXT.username },
        { code: 'realname', label: PICKER_TEXT.realname },
      ]}
      columns={[
        { title: PICKER_TEXT.realname, dataIndex: 'realname', width: 120 },
        { title: PICKER_TEXT.username, dataIndex: 'username', width: 120 },
        { title: PICKER_TEXT.phone, dataIndex: 'phone', width: 130 },
        { title: PICKER_TEXT.departs, dataIndex: 'orgCodeTxt' },
      ]}
      displayKey="realname"
      multi={multi}
      initialSelected={initialSelected}
      onOk={onOk}
      onCancel={onCancel}
    />
  );
}

/** The position selector (JSelectPosition; spec 2.6, 9): width 1000, search by name; returns the rows (code, name). */
export function PositionPickerModal({ open, multi = true, initialSelected, onOk, onCancel }: RecordPickerProps) {
  return (
    <BizRecordPicker
      open={open}
      testId="position-picker"
      title={PICKER_TEXT.positionTitle}
      width={PICKER_WIDTH.position}
      url={POSITION_PICKER_URL}
      rowKey="code"
      queryFields={[{ code: 'name', label: PICKER_TEXT.positionName }]}
      columns={[
        { title: PICKER_TEXT.positionName, dataIndex: 'name' },
        { title: PICKER_TEXT.positionCode, dataIndex: 'code' },
        { title: PICKER_TEXT.positionRank, dataIndex: 'postRank_dictText', width: 100 },
      ]}
      displayKey="name"
      multi={multi}
      initialSelected={initialSelected}
      onOk={onOk}
      onCancel={onCancel}
    />
  );
}

/**
 * The role picker (spec 2.6, 6 "Role picker lists roles from the role list"): search by name;
 * rows keyed by `rowKey` (id, or roleCode for a field storing codes); returns the rows (id, roleCode, roleName).
 */
export function RolePickerModal({
  open,
  multi = true,
  initialSelected,
  onOk,
  onCancel,
  rowKey = 'id',
}: RecordPickerProps & { rowKey?: 'id' | 'roleCode' }) {
  return (
    <BizRecordPicker
      open={open}
      testId="role-picker"
      title={PICKER_TEXT.roleTitle}
      width={PICKER_WIDTH.role}
      url={ROLE_PICKER_URL}
      rowKey={rowKey}
      queryFields={[{ code: 'roleName', label: PICKER_TEXT.roleName }]}
      columns={[
        { title: PICKER_TEXT.roleName, dataIndex: 'roleName' },
        { title: PICKER_TEXT.roleCode, dataIndex: 'roleCode' },
      ]}
      displayKey="roleName"
      multi={multi}
      initialSelected={initialSelected}
      onOk={onOk}
      onCancel={onCancel}
    />
  );
}
