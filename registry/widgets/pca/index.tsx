import { connect, mapReadPretty } from '@formily/react';
import type { WidgetDefinition } from '../../registry.js';
import { PcaEdit } from './PcaEdit.js';
import { PcaCell, PcaRead } from './PcaRead.js';

export { PcaEdit } from './PcaEdit.js';
export { PcaCell, PcaRead } from './PcaRead.js';
export { PCA_TEXT, badTypeText, fromCascader, fromSelect, pcaMode, pcaSelectLevels, pcaTree, type PcaMode } from './model.js';

/**
 * `pca` — area linkage (JeecgBoot fieldShowType `pca`, spec 2.6, 5.6): China's provinces, cities
 * and districts (package china-area-data, root 86, loaded lazily). Stores the code of the deepest
 * chosen level ('110106'); lists and details show the text path joined with '/'
 * (北京市/市辖区/丰台区). extend.type: 'cascader' (default) or 'select' (three linked selects).
 */
export const pcaWidget: WidgetDefinition = {
  type: 'pca',
  title: '省市区',
  FormWidget: connect(PcaEdit, mapReadPretty(PcaRead)),
  Cell: PcaCell,
  valueSchema: { type: ['string', 'null'], maxLength: 64 },
  defaultDbType: 'string',
};
