/**
 * The pickers and dialogs of spec 2.6 (multi-user, user by department, department tree,
 * position, role, business records, popup report; the OS switcher is the shell's
 * src/app/pages/account/OsSwitchModal.tsx). Import them lazily from widgets
 * (`lazy(() => import('…/pickers/X.js'))`) so plain lists do not download them.
 */
export { BizRecordPicker, type BizRecordPickerProps, type PickerColumn } from './BizRecordPicker.js';
export { DepartPickerModal, filterDepartTree, type DepartPickerModalProps } from './DepartPickerModal.js';
export { PopupPickerModal, type PopupPickerModalProps } from './PopupPickerModal.js';
export { UserByDepartModal, type UserByDepartModalProps } from './UserByDepartModal.js';
export { PositionPickerModal, RolePickerModal, UserPickerModal, type RecordPickerProps } from './record-pickers.js';
export * from './model.js';
export * from './popup-api.js';
