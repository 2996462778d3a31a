/**
 * The toolbar's add-row settings (spec 5.4, 9): a gear beside 新增 opening a popover with the
 * row count (at least 1), the position (0 = bottom) and whether to scroll to the new rows (off by
 * default), kept under a local key
 * (add-settings.ts). `useAddSettings` reads them once per key, with the table's defaults.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, InputNumber, Popover } from 'antd';
import { useCallback, useState } from 'react';
import { useRuntimeContext } from '../context/RuntimeContext.js';
import { EDITABLE_TABLE_TEXT as T } from '../shared/locale.js';
import { readAddSettings, writeAddSettings, type AddSettings } from './add-settings.js';

/** The add-row settings of a table and their setter (which stores them in the context's storage port). */
export function useAddSettings(key: string, defaults: Partial<AddSettings>): [AddSettings, (s: AddSettings) => void] {
  const { storage } = useRuntimeContext();
  const [state, setState] = useState(() => ({ key, value: readAddSettings(storage, key, defaults) }));
  const value = state.key === key ? state.value : readAddSettings(storage, key, defaults);
  const set = useCallback((s: AddSettings) => setState({ key, value: writeAddSettings(storage, key, s) }), [storage, key]);
  return [value, set];
}

/** The gear button and its popover. */
export function AddSettingsButton({ value, onChange }: { value: AddSettings; onChange: (s: AddSettings) => void }) {
  const content = (
    <Form layout="vertical" size="small" style={{ width: 180 }} data-testid="editable-table-add-settings">
      <Form.Item label={T.addCount} style={{ marginBottom: 8 }}>
        <InputNumber
          data-testid="add-count"
          min={1}
          precision={0}
          value={value.count}
          onChange={(v) => onChange({ ...value, count: Number(v ?? 1) })}
        />
      </Form.Item>
      <Form.Item label={T.addPosition} style={{ marginBottom: 8 }}>
        <InputNumber
          data-testid="add-position"
          min={0}
          precision={0}
          value={value.position}
          onChange={(v) => onChange({ ...value, position: Number(v ?? 0) })}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Checkbox data-testid="add-scroll" checked={value.scroll} onChange={(e) => onChange({ ...value, scroll: e.target.checked })}>
          {T.addScroll}
        </Checkbox>
      </Form.Item>
    </Form>
  );
  return (
    <Popover trigger="click" title={T.addSettings} content={content}>
      <Button type="primary" icon={<SettingOutlined />} aria-label={T.addSettings} title={T.addSettings} />
    </Popover>
  );
}
