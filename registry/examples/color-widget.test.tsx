import { describe, expect, it } from 'vitest';
import { createDefaultRegistry, editableCellOf } from '../index.js';
import { renderCell, renderForm, renderWithRuntime } from '../shared/test-render.js';
import { colorWidget } from './color-widget.js';

// registry/README.md's worked example, end to end in the form runtime and the list and table cells.
const field = { name: 'tagColor', title: '标签颜色', widget: 'color', dbType: 'string', dbLength: 7 } as const;

describe('the README color widget in a copy of the built-in registry', () => {
  const registry = createDefaultRegistry();
  registry.register(colorWidget);
  it('renders in add and detail forms, in a list cell and in an editable-table cell', () => {
    expect(renderForm([{ ...field }], 'add', undefined, registry)).toContain('ant-color-picker-trigger');
    expect(renderForm([{ ...field }], 'detail', { tag_color: '#ff0000' }, registry)).toContain('#ff0000');
    expect(renderCell({ ...field }, '#00ff00', {}, registry)).toContain('#00ff00');
    const Cell = editableCellOf(registry.get('color')!);
    expect(
      renderWithRuntime(<Cell value="#0000ff" onChange={() => undefined} field={{ ...field }} record={{}} column="tag_color" />),
    ).toContain('ant-color-picker-trigger');
  });
  it('a form naming a type the registry lacks shows the configuration error', () => {
    expect(renderForm([{ ...field }], 'add')).toContain('字段 tagColor 的控件类型 color 未注册');
  });
});
