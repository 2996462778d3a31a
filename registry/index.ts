/**
 * The built-in widget registry. `defaultRegistry` holds every built-in type of
 * BUILTIN_WIDGET_TYPES; screens and tests may build their own with createWidgetRegistry()
 * (or `createDefaultRegistry()` for a fresh copy to extend).
 */
import { createWidgetRegistry, type WidgetDefinition, type WidgetRegistry } from './registry.js';
import { dateWidget } from './widgets/date/index.js';
import { datetimeWidget } from './widgets/datetime/index.js';
import { fileWidget } from './widgets/file/index.js';
import { hiddenWidget } from './widgets/hidden/index.js';
import { imageWidget } from './widgets/image/index.js';
import { inputNumberWidget } from './widgets/input-number/index.js';
import { inputWidget } from './widgets/input/index.js';
import { passwordWidget } from './widgets/password/index.js';
import { radioWidget } from './widgets/radio/index.js';
import { selDepartWidget } from './widgets/sel-depart/index.js';
import { selSearchWidget } from './widgets/sel-search/index.js';
import { selUserWidget } from './widgets/sel-user/index.js';
import { selectWidget } from './widgets/select/index.js';
import { switchWidget } from './widgets/switch/index.js';
import { textareaWidget } from './widgets/textarea/index.js';
import { timeWidget } from './widgets/time/index.js';
import { uploadWidget } from './widgets/upload/index.js';
import { cronWidget } from './widgets/cron/index.js';
import { umeditorWidget } from './widgets/umeditor/index.js';
import { markdownWidget } from './widgets/markdown/index.js';
import { codeWidget } from './widgets/code/index.js';
import { pcaWidget } from './widgets/pca/index.js';
import { normalWidget } from './widgets/normal/index.js';
import { checkboxWidget } from './widgets/checkbox/index.js';
import { checkboxMetaWidget } from './widgets/checkbox-meta/index.js';
import { listMultiWidget } from './widgets/list-multi/index.js';
import { selSearchAsyncWidget } from './widgets/sel-search-async/index.js';
import { inputPopWidget } from './widgets/input-pop/index.js';
import { popupWidget } from './widgets/popup/index.js';
import { selTreeWidget } from './widgets/sel-tree/index.js';
import { catTreeWidget } from './widgets/cat-tree/index.js';
import { linkDownWidget } from './widgets/link-down/index.js';
import { slotWidget } from './widgets/slot/index.js';
import { selMultiUserWidget } from './widgets/sel-multi-user/index.js';
import { selPositionWidget } from './widgets/sel-position/index.js';
import { selRoleWidget } from './widgets/sel-role/index.js';

export { createWidgetRegistry, editableCellOf, formComponents, valueSchemaOf, widgetComponentResolver } from './registry.js';
export type { CellProps, EditableCellProps, RegisterOptions, WidgetDefinition, WidgetRegistry } from './registry.js';
export { BUILTIN_WIDGET_TYPES, componentNameOf } from '../src/shared/widget-types.js';

/** Every built-in widget definition, in BUILTIN_WIDGET_TYPES order. */
export const BUILTIN_WIDGETS: readonly WidgetDefinition[] = [
  inputWidget,
  inputNumberWidget,
  selectWidget,
  radioWidget,
  switchWidget,
  dateWidget,
  datetimeWidget,
  timeWidget,
  textareaWidget,
  passwordWidget,
  hiddenWidget,
  selUserWidget,
  selDepartWidget,
  selSearchWidget,
  uploadWidget,
  fileWidget,
  imageWidget,
  cronWidget,
  umeditorWidget,
  markdownWidget,
  codeWidget,
  pcaWidget,
  normalWidget,
  checkboxWidget,
  checkboxMetaWidget,
  listMultiWidget,
  selSearchAsyncWidget,
  inputPopWidget,
  popupWidget,
  selTreeWidget,
  catTreeWidget,
  linkDownWidget,
  slotWidget,
  selMultiUserWidget,
  selPositionWidget,
  selRoleWidget,
];

/** A new registry holding every built-in widget (extend it without touching defaultRegistry). */
export function createDefaultRegistry(): WidgetRegistry {
  const registry = createWidgetRegistry();
  for (const def of BUILTIN_WIDGETS) registry.register(def);
  return registry;
}

/** The registry of built-in widgets the app's screens use. */
export const defaultRegistry: WidgetRegistry = createDefaultRegistry();
