import Ajv from 'ajv';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ScreenField } from '../src/shared/generated/screen-schema.js';
import { compileScreenForm } from '../src/runtime/form/compile.js';
import { colorWidget } from './examples/color-widget.js';
import { BUILTIN_WIDGET_TYPES, componentNameOf, createDefaultRegistry, defaultRegistry } from './index.js';
import { createWidgetRegistry, formComponents, valueSchemaOf, widgetComponentResolver, type WidgetDefinition } from './registry.js';

const field: ScreenField = { name: 'tagColor', title: '标签颜色', widget: 'color', dbType: 'string', dbLength: 7 };

describe('createWidgetRegistry — the README worked example (color)', () => {
  it('registers and resolves a widget', () => {
    const registry = createWidgetRegistry();
    registry.register(colorWidget);
    expect(registry.has('color')).toBe(true);
    expect(registry.get('color')).toBe(colorWidget);
    expect(registry.list()).toEqual([colorWidget]);
    expect(formComponents(registry)).toEqual({ W_color: colorWidget.FormWidget });
    expect(widgetComponentResolver(registry)('color')).toBe('W_color');
    expect(widgetComponentResolver(registry)('nope')).toBeUndefined();
  });

  it('feeds the form compiler and the list cell', () => {
    const registry = createDefaultRegistry();
    registry.register(colorWidget);
    const screen = {
      id: 't_tag',
      title: '标签',
      tableName: 't_tag',
      tableType: 'single',
      template: 'normal',
      authPre: 't:tag',
      fields: [field],
    } as const;
    const { schema } = compileScreenForm(
      { ...screen, fields: [...screen.fields] },
      { mode: 'add', widgetComponent: widgetComponentResolver(registry), context: {} },
    );
    expect(schema.properties!._grid.properties!.tag_color['x-component']).toBe('W_color');
    const html = renderToStaticMarkup(createElement(colorWidget.Cell, { value: '#ff0000', record: {}, field, column: 'tag_color' }));
    expect(html).toContain('#ff0000');
    expect(defaultRegistry.has('color')).toBe(false);
  });

  it('validates stored values with its value schema', () => {
    const validate = new Ajv({ allowUnionTypes: true }).compile(valueSchemaOf(colorWidget, field));
    expect(validate('#12abEF')).toBe(true);
    expect(validate(null)).toBe(true);
    expect(validate('red')).toBe(false);
  });

  it('refuses a duplicate type unless override is true', () => {
    const registry = createWidgetRegistry();
    registry.register(colorWidget);
    expect(() => registry.register({ ...colorWidget })).toThrow('控件类型 color 已注册');
    const mine: WidgetDefinition = { ...colorWidget, title: '我的颜色' };
    registry.register(mine, { override: true });
    expect(registry.get('color')?.title).toBe('我的颜色');
    expect(registry.list()).toHaveLength(1);
  });

  it('overrides a built-in in a copy, leaving defaultRegistry alone', () => {
    const registry = createDefaultRegistry();
    const input = registry.get('input')!;
    expect(() => registry.register({ ...input })).toThrow();
    registry.register({ ...input, title: '自定义文本框' }, { override: true });
    expect(registry.get('input')?.title).toBe('自定义文本框');
    expect(defaultRegistry.get('input')?.title).toBe('文本框');
  });

  it('unregisters', () => {
    const registry = createWidgetRegistry();
    registry.register(colorWidget);
    expect(registry.unregister('color')).toBe(true);
    expect(registry.unregister('color')).toBe(false);
    expect(registry.get('color')).toBeUndefined();
    expect(formComponents(registry)).toEqual({});
  });

  it('refuses incomplete definitions and clashing component names', () => {
    const registry = createWidgetRegistry();
    expect(() => registry.register({ ...colorWidget, type: '' })).toThrow();
    expect(() => registry.register({ ...colorWidget, Cell: undefined as never })).toThrow();
    registry.register({ ...colorWidget, type: 'a-b' });
    expect(() => registry.register({ ...colorWidget, type: 'a_b' })).toThrow(/冲突/);
  });
});

describe('defaultRegistry', () => {
  it('holds every built-in type, in order, with complete definitions', () => {
    expect(defaultRegistry.list().map((d) => d.type)).toEqual([...BUILTIN_WIDGET_TYPES]);
    for (const def of defaultRegistry.list()) {
      expect(def.FormWidget, def.type).toBeTruthy();
      expect(def.Cell, def.type).toBeTruthy();
      expect(def.title, def.type).toBeTruthy();
    }
  });

  it('names components W_<type>', () => {
    expect(componentNameOf('sel_user')).toBe('W_sel_user');
    expect(componentNameOf('inputNumber')).toBe('W_inputNumber');
    expect(componentNameOf('x-y.z')).toBe('W_x_y_z');
    expect(Object.keys(formComponents(defaultRegistry))).toEqual(BUILTIN_WIDGET_TYPES.map((t) => `W_${t}`));
  });

  it('gives every built-in a value schema ajv compiles', () => {
    const ajv = new Ajv({ allowUnionTypes: true });
    for (const def of defaultRegistry.list()) {
      const f: ScreenField = { name: 'v', title: 'V', widget: def.type, dbType: def.defaultDbType };
      expect(() => ajv.compile(valueSchemaOf(def, f)), def.type).not.toThrow();
    }
  });
});
