import { SearchOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import type { RequestPort } from '../context/RuntimeContext.js';
import { ReadText } from './cells.js';
import { joinValue, splitValue } from './format.js';
import { WIDGET_TEXT } from './locale.js';
import type { WidgetProps } from './props.js';
import { useValueLabels } from './useValueLabels.js';

type Row = Record<string, unknown>;

/** How a picker field stores, labels and opens its dialog. */
export interface PickerFieldConfig {
  /** Cache namespace of the labels (useValueLabels). */
  namespace: string;
  /** Stored key and shown label of a picked row. */
  keyOf: (row: Row) => string;
  labelOf: (row: Row) => string;
  /** A row standing for a stored key and its label (the dialog's initial selection). */
  toRow: (key: string, label: string) => Row;
  /** Labels of stored keys (`{ key: label }`). */
  fetchLabels: (request: RequestPort, keys: string[]) => Promise<Record<string, string>>;
  /** The dialog, opened with the current rows; it calls onOk with the picked rows. */
  renderPicker: (props: { multi: boolean; initialSelected: Row[]; onOk: (rows: Row[]) => void; onCancel: () => void }) => ReactNode;
  /** data-testid of the field. */
  testId: string;
}

/**
 * A field filled from a picker dialog (multi-user, position, role): the chosen items as tags
 * (one shown, the rest counted; removable), a button opening the dialog (loaded lazily by the
 * caller's renderPicker); stores the keys joined by ',' (one key unless extend.multi is false —
 * default multi), null when none; labels of stored keys fetched once per page session.
 */
export function PickerField({ config, ...props }: WidgetProps<string> & { config: PickerFieldConfig }) {
  const { value, onChange, extend, disabled, readOnly } = props;
  const multi = extend?.multi !== false;
  const values = splitValue(value);
  const { labelOf, remember } = useValueLabels(config.namespace, values, config.fetchLabels);
  const [open, setOpen] = useState(false);
  const locked = disabled || readOnly;
  return (
    <Space.Compact style={{ width: '100%' }} data-testid={config.testId}>
      <Select<string[]>
        mode="multiple"
        open={false}
        allowClear
        maxTagCount={1}
        disabled={locked}
        placeholder={WIDGET_TEXT.select}
        style={{ width: '100%' }}
        options={values.map((v) => ({ value: v, label: labelOf(v) }))}
        value={values}
        onClick={() => !locked && setOpen(true)}
        onChange={(next) => onChange?.(joinValue(next))}
      />
      <Button icon={<SearchOutlined />} disabled={locked} data-testid={`${config.testId}-open`} onClick={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          {config.renderPicker({
            multi,
            initialSelected: values.map((v) => config.toRow(v, labelOf(v))),
            onCancel: () => setOpen(false),
            onOk: (rows) => {
              setOpen(false);
              const keys = [
                ...new Set(
                  rows.map((r) => {
                    const key = config.keyOf(r);
                    remember(key, config.labelOf(r));
                    return key;
                  }),
                ),
              ];
              onChange?.(multi ? joinValue(keys) : (keys[0] ?? null));
            },
          })}
        </Suspense>
      )}
    </Space.Compact>
  );
}

/** Read-pretty of a picker field: the labels joined by ','. */
export function PickerRead({ value, config }: WidgetProps & { config: Pick<PickerFieldConfig, 'namespace' | 'fetchLabels'> }) {
  const values = splitValue(value);
  const { labelOf } = useValueLabels(config.namespace, values, config.fetchLabels);
  return <ReadText>{values.map(labelOf).join(',')}</ReadText>;
}
