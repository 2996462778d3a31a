/**
 * A column header's tooltip (spec 3 "Editable table column": tipsContent): the header cell gets
 * the text as its title and a small question mark after the column title. DOM only; called from
 * handsontable's afterGetColHeader for every header it draws.
 */
import type { EditableColumn } from './columns.js';

/** The marker's class (tests and styles). */
export const TIPS_CLASS = 'editable-table-tips';

/** Decorates (or cleans, for a column without tips) one header cell. */
export function columnHeaderTips(th: HTMLTableCellElement, col: EditableColumn | undefined): void {
  const tips = col?.tipsContent;
  const old = th.querySelector(`.${TIPS_CLASS}`);
  if (!tips) {
    old?.remove();
    if (th.dataset.tips) {
      th.removeAttribute('title');
      delete th.dataset.tips;
    }
    return;
  }
  th.title = tips;
  th.dataset.tips = '1';
  if (old) return;
  const mark = th.ownerDocument.createElement('span');
  mark.className = TIPS_CLASS;
  mark.textContent = '?';
  mark.setAttribute('aria-label', tips);
  Object.assign(mark.style, {
    display: 'inline-block',
    width: '14px',
    height: '14px',
    lineHeight: '14px',
    marginLeft: '4px',
    borderRadius: '50%',
    border: '1px solid #999',
    fontSize: '10px',
    textAlign: 'center',
    color: '#666',
    cursor: 'help',
  });
  (th.querySelector('.colHeader') ?? th.firstElementChild ?? th).appendChild(mark);
}
