import { Tooltip } from 'antd';
import { areaText } from '../../../src/runtime/util/area.js';
import { ellipsisText, isEllipsed } from '../../../src/runtime/util/text.js';
import type { CellProps } from '../../registry.js';
import { ReadText, dictTextOf, displayText } from '../../shared/cells.js';
import type { WidgetProps } from '../../shared/props.js';
import { useAreaData } from './useAreaData.js';

/**
 * The text of a stored area value: the full path '北京市/市辖区/丰台区' once the data is loaded;
 * an unknown code, or any code when the data failed to load, is shown raw; '' while loading.
 */
function useAreaText(value: unknown): string {
  const raw = displayText(value);
  const { data, failed } = useAreaData(raw !== '');
  if (!raw) return '';
  if (data) return areaText(data, value) || raw;
  return failed ? raw : '';
}

/** Read-pretty (detail) renderer of `pca`: the full text path. */
export function PcaRead({ value }: WidgetProps) {
  return <ReadText>{useAreaText(value)}</ReadText>;
}

/** List cell of `pca`: the row's `_dictText` when the server sent one, else the full text path (cut at 25, spec 9). */
export function PcaCell({ value, record, column }: CellProps) {
  const translated = dictTextOf(record, column);
  const computed = useAreaText(translated === undefined ? value : null);
  const text = translated ?? computed;
  return isEllipsed(text) ? <Tooltip title={text}>{ellipsisText(text)}</Tooltip> : <>{text}</>;
}
