import { Select, Space } from 'antd';
import { useMemo } from 'react';
import { menuIconChoices } from '../../../layouts/menuIcons';
import { ADMIN_T } from './texts';

/**
 * The menu editor's icon picker: a searchable select of the icons the side menu draws, each
 * shown with its glyph and name; a name typed by hand that is not among them (an icon-yl font
 * icon, say) is kept and shown as it is. Props: value / onChange (the icon name, '' to clear).
 */
export default function IconPicker({ value, onChange }: { value?: string | null; onChange?: (v: string) => void }) {
  const options = useMemo(() => {
    const choices = menuIconChoices().map((c) => ({
      value: c.name,
      label: (
        <Space size={8}>
          {c.icon}
          <span>{c.name}</span>
        </Space>
      ),
    }));
    return value && !choices.some((c) => c.value === value) ? [{ value, label: <span>{value}</span> }, ...choices] : choices;
  }, [value]);
  return (
    <Select
      allowClear
      showSearch
      data-testid="icon-picker"
      placeholder={ADMIN_T.pickIcon}
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? '')}
      options={options}
      filterOption={(input, o) => String(o?.value ?? '').includes(input.trim().toLowerCase())}
      optionLabelProp="label"
    />
  );
}
