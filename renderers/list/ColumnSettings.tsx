import { Button, Checkbox, Popover, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import type { ColumnSettings as Settings } from '../../src/runtime/list/column-settings';

export interface ColumnSettingsProps {
  /** every list column of the schema: key and title, schema order */
  columns: { key: string; title: string }[];
  settings: Settings | null;
  onChange: (s: Settings | null) => void;
}

/**
 * Column settings of a list (spec 4.4): show/hide and order of the columns, kept per screen in
 * local storage by the list; 重置 goes back to the schema's columns.
 */
export default function ColumnSettings({ columns, settings, onChange }: ColumnSettingsProps) {
  const known = new Set(columns.map((c) => c.key));
  const order = [...(settings?.order ?? []).filter((k) => known.has(k))];
  for (const c of columns) if (!order.includes(c.key)) order.push(c.key);
  const hidden = new Set(settings?.hidden ?? []);
  const title = new Map(columns.map((c) => [c.key, c.title]));
  const move = (i: number, d: number) => {
    const next = [...order];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    onChange({ order: next, hidden: [...hidden] });
  };
  const content = (
    <div data-testid="column-settings" style={{ maxHeight: 360, overflowY: 'auto' }}>
      {order.map((k, i) => (
        <div key={k} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '2px 0' }}>
          <Checkbox
            checked={!hidden.has(k)}
            onChange={(e) => {
              const h = new Set(hidden);
              if (e.target.checked) h.delete(k);
              else h.add(k);
              onChange({ order, hidden: [...h] });
            }}
          >
            {title.get(k)}
          </Checkbox>
          <Space size={2}>
            <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label="上移" />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={i === order.length - 1}
              onClick={() => move(i, 1)}
              aria-label="下移"
            />
          </Space>
        </div>
      ))}
      <Button size="small" type="link" style={{ paddingInline: 0 }} onClick={() => onChange(null)}>
        重置
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="列设置" content={content}>
      <Button icon={<SettingOutlined />} aria-label="列设置">
        列设置
      </Button>
    </Popover>
  );
}
