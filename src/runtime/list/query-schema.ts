import type { ScreenSchema } from '../../shared/generated/screen-schema.js';
import { fieldComponentProps, type ISchemaLike } from '../form/compile.js';
import { toColumn } from '../../shared/columns.js';
import { queryFields } from './query-params.js';
import { queryWidgetOf } from '../../shared/widget-types.js';

/** Formily component names the query form provides itself for range conditions. */
export const RANGE_COMPONENTS = { date: 'QueryDateRange', number: 'QueryNumberRange' } as const;

/**
 * The query form of a list (spec 2.2 list pages): one Formily property per field marked for
 * query, keyed by column, each entered with its query widget ({@link queryWidgetOf}: the field's
 * `queryWidget` of 查询配置, else its own registry widget, a textarea as an input); range fields
 * become a date range or a number range holding [begin, end]. Each widget gets the form's
 * component props ({@link fieldComponentProps}: dictCode, extend, screenField), so a picker
 * queries by the key it stores. Laid out 3 per row.
 */
export function compileQueryForm(screen: ScreenSchema, widgetComponent: (widget: string) => string | undefined): ISchemaLike {
  const properties: Record<string, ISchemaLike> = {};
  queryFields(screen).forEach((f, i) => {
    const col = toColumn(f.name);
    let component: string | undefined;
    const props: Record<string, unknown> = { allowClear: true };
    if (f.queryMode === 'range' && (f.dbType === 'Date' || f.dbType === 'Datetime')) {
      component = RANGE_COMPONENTS.date;
      props.showTime = f.dbType === 'Datetime';
      props.format = f.dbType === 'Datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
    } else if (f.queryMode === 'range') component = RANGE_COMPONENTS.number;
    else {
      const widget = queryWidgetOf(f);
      component = widgetComponent(widget);
      // the same props as in the form: a widget stores the same key (extend.store …) in both
      Object.assign(props, fieldComponentProps(f));
      props.placeholder = f.dictCode || widget.startsWith('sel_') ? `请选择${f.title}` : `请输入${f.title}`;
    }
    if (!component) throw new Error(`查询字段 ${f.name} 的控件类型 ${queryWidgetOf(f)} 未注册`);
    properties[col] = {
      type: f.queryMode === 'range' ? 'array' : 'string',
      title: f.title,
      'x-index': i,
      'x-decorator': 'FormItem',
      'x-component': component,
      'x-component-props': props,
    };
  });
  return {
    type: 'object',
    properties: {
      grid: { type: 'void', 'x-component': 'FormGrid', 'x-component-props': { maxColumns: 3, columnGap: 16 }, properties },
    },
  };
}
