import { Cascader, Select, Typography } from 'antd';
import type { WidgetProps } from '../../shared/props.js';
import { areaCodePath, type AreaData } from '../../../src/runtime/util/area.js';
import { badTypeText, fromCascader, fromSelect, PCA_TEXT, pcaMode, pcaSelectLevels, pcaTree } from './model.js';
import { useAreaData } from './useAreaData.js';

type PcaProps = WidgetProps<string>;

function PcaCascader({ data, value, onChange, disabled, placeholder, style, className }: PcaProps & { data: AreaData | null }) {
  return (
    <Cascader
      allowClear
      showSearch={{ filter: (input, path) => path.some((o) => String(o.label).includes(input)) }}
      style={{ width: '100%', ...style }}
      className={className}
      disabled={disabled}
      loading={!data}
      placeholder={placeholder || PCA_TEXT.placeholder}
      options={data ? pcaTree(data) : []}
      value={data ? areaCodePath(data, value) : []}
      onChange={(path) => onChange?.(fromCascader(path as unknown[] | undefined))}
    />
  );
}

function PcaSelects({ data, value, onChange, disabled, style, className }: PcaProps & { data: AreaData | null }) {
  const levels = data ? pcaSelectLevels(data, value) : [];
  return (
    <div style={{ display: 'flex', gap: 8, ...style }} className={className}>
      {PCA_TEXT.levels.map((placeholder, i) => (
        <Select<string>
          key={i}
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ flex: 1, minWidth: 0 }}
          loading={!data}
          disabled={disabled || !levels[i]?.options.length}
          placeholder={placeholder}
          options={levels[i]?.options ?? []}
          value={levels[i]?.value}
          onChange={(code) => data && onChange?.(fromSelect(data, value, i, code))}
        />
      ))}
    </div>
  );
}

/**
 * Edit renderer of `pca` (area linkage, spec 2.6, 5.6): extend.type 'cascader' (default) gives
 * one antd Cascader, 'select' three linked Selects (province, city, district); any other type
 * shows 区域联动组件类型错误. Stores the deepest chosen code ('110106'); clearing emits null.
 * The area data loads lazily on first render.
 */
export function PcaEdit(props: PcaProps) {
  const { extend, disabled, readOnly } = props;
  const mode = pcaMode(extend);
  const { data } = useAreaData(typeof mode === 'string');
  if (typeof mode !== 'string') return <Typography.Text type="danger">{badTypeText(mode.bad)}</Typography.Text>;
  const Control = mode === 'select' ? PcaSelects : PcaCascader;
  return <Control {...props} data={data} disabled={disabled || readOnly} />;
}
