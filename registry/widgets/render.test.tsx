import { describe, expect, it } from 'vitest';
import type { ScreenField } from '../../src/shared/generated/screen-schema.js';
import { BUILTIN_WIDGET_TYPES, defaultRegistry, editableCellOf } from '../index.js';
import { renderCell, renderForm, renderWithRuntime } from '../shared/test-render.js';

// Every built-in widget rendered in a real form (add and detail) and in a list
// cell (server-side rendering; interaction is covered in Chromium, tests/e2e/pickers.test.ts).
const f = (widget: string, extra: Partial<ScreenField> = {}): ScreenField => ({
  name: 'v',
  title: `字段${widget}`,
  widget,
  dbType: 'string',
  dbLength: 200,
  ...extra,
});

/** Per type: the field, a stored value, the text its cell shows (with `_dictText` when given) and its detail view. */
const CASES: Record<string, { field: ScreenField; value: unknown; dictText?: string; cell: string; detail: string }> = {
  input: { field: f('input'), value: '张三', cell: '张三', detail: '张三' },
  inputNumber: {
    field: f('inputNumber', { dbType: 'BigDecimal', dbPointLength: 2 }),
    value: '1234.5',
    cell: '1,234.50',
    detail: '1,234.50',
  },
  select: { field: f('select', { dictCode: 'sex' }), value: '1', dictText: '男', cell: '男', detail: '1' },
  radio: { field: f('radio', { dictCode: 'sex' }), value: '2', dictText: '女', cell: '女', detail: '2' },
  switch: { field: f('switch'), value: 'Y', cell: '是', detail: '是' },
  date: { field: f('date', { dbType: 'Date' }), value: '2026-03-02', cell: '2026-03-02', detail: '2026-03-02' },
  datetime: {
    field: f('datetime', { dbType: 'Datetime' }),
    value: '2026-03-02 08:30:00',
    cell: '2026-03-02 08:30:00',
    detail: '2026-03-02 08:30:00',
  },
  time: { field: f('time'), value: '08:30:00', cell: '08:30:00', detail: '08:30:00' },
  textarea: { field: f('textarea'), value: '第一行', cell: '第一行', detail: '第一行' },
  password: { field: f('password'), value: 'secret', cell: '******', detail: '******' },
  hidden: { field: f('hidden'), value: 'h1', cell: 'h1', detail: '' },
  sel_user: { field: f('sel_user'), value: 'wangfang', dictText: '王芳', cell: '王芳', detail: 'wangfang' },
  sel_depart: { field: f('sel_depart'), value: 'd1', dictText: '财务部', cell: '财务部', detail: 'd1' },
  sel_search: {
    field: f('sel_search', { dictCode: 'pm_project,project_name,id' }),
    value: 'p1',
    dictText: '项目一',
    cell: '项目一',
    detail: 'p1',
  },
  upload: { field: f('upload'), value: 'temp/a_1.txt', cell: 'a_1.txt', detail: 'a_1.txt' },
  file: { field: f('file'), value: 'temp/a_1.txt', cell: 'a_1.txt', detail: 'a_1.txt' },
  image: { field: f('image'), value: 'temp/a_1.png', cell: 'temp/a_1.png', detail: 'temp/a_1.png' },
  cron: { field: f('cron'), value: '0 0 12 * * ?', cell: '0 0 12 * * ?', detail: '0 0 12 * * ?' },
  umeditor: { field: f('umeditor', { dbType: 'Text' }), value: '<p>正文</p>', cell: '正文', detail: '正文' },
  markdown: { field: f('markdown', { dbType: 'Text' }), value: '# 标题', cell: '# 标题', detail: '' },
  code: { field: f('code', { dbType: 'Text' }), value: 'let a = 1;', cell: 'let a = 1;', detail: '' },
  pca: { field: f('pca'), value: '110106', cell: '', detail: '' },
  normal: { field: f('normal'), value: '只读文本', cell: '只读文本', detail: '只读文本' },
  checkbox: { field: f('checkbox', { dictCode: 'sex' }), value: '1,2', dictText: '男,女', cell: '男,女', detail: '1,2' },
  checkbox_meta: { field: f('checkbox_meta'), value: 'Y', cell: '是', detail: '是' },
  list_multi: { field: f('list_multi', { dictCode: 'sex' }), value: '1,2', dictText: '男,女', cell: '男,女', detail: '1,2' },
  sel_search_async: {
    field: f('sel_search_async', { dictCode: 'pm_project,project_name,id' }),
    value: 'p1',
    dictText: '项目一',
    cell: '项目一',
    detail: 'p1',
  },
  input_pop: { field: f('input_pop'), value: '很长的说明', cell: '很长的说明', detail: '很长的说明' },
  popup: {
    field: f('popup', { extend: { popupCode: 'rep', orgFields: 'name', destFields: 'v' } }),
    value: '供应商甲',
    cell: '供应商甲',
    detail: '供应商甲',
  },
  sel_tree: {
    field: f('sel_tree', { extend: { dict: 'sys_area,text,id', pidValue: '86' } }),
    value: '110000',
    dictText: '北京市',
    cell: '北京市',
    detail: '110000',
  },
  cat_tree: { field: f('cat_tree', { extend: { pcode: 'B01' } }), value: 'c1', dictText: '办公用品', cell: '办公用品', detail: 'c1' },
  link_down: {
    field: f('link_down', {
      extend: { linkDown: { table: 'sys_area', txt: 'text', key: 'id', pidField: 'pid', pidValue: '86', linkField: ['city'] } },
    }),
    value: '110000',
    dictText: '北京市',
    cell: '北京市',
    detail: '110000',
  },
  slot: { field: f('slot'), value: '插槽值', cell: '插槽值', detail: '插槽值' },
  sel_multi_user: {
    field: f('sel_multi_user'),
    value: 'admin,wangfang',
    dictText: '管理员,王芳',
    cell: '管理员,王芳',
    detail: 'admin,wangfang',
  },
  sel_position: { field: f('sel_position'), value: 'P_MGR', dictText: '部门经理', cell: '部门经理', detail: 'P_MGR' },
  sel_role: { field: f('sel_role'), value: 'r1', dictText: '管理员', cell: '管理员', detail: 'r1' },
};

describe('every built-in widget renders in a form and in a list cell', () => {
  it('has a case for every built-in type', () => {
    expect(Object.keys(CASES).sort()).toEqual([...BUILTIN_WIDGET_TYPES].sort());
  });
  for (const type of BUILTIN_WIDGET_TYPES) {
    const c = CASES[type];
    it(`${type}: add form, detail view and list cell`, () => {
      const add = renderForm([c.field], 'add');
      expect(add, type).not.toContain('表单配置错误');
      if (type !== 'hidden') expect(add, type).toContain(c.field.title);
      const detail = renderForm([c.field], 'detail', { v: c.value });
      expect(detail, type).not.toContain('表单配置错误');
      if (c.detail) expect(detail, type).toContain(c.detail);
      const cell = renderCell(c.field, c.value, c.dictText ? { v_dictText: c.dictText } : {});
      if (c.cell) expect(cell, type).toContain(c.cell);
    });
  }
});

describe('placeholders of spec 9', () => {
  it('the department picker says 点击选择部门 and the upload button 点击上传', () => {
    expect(renderForm([f('sel_depart')], 'add')).toMatch(/class="ant-select-selection-placeholder"[^>]*>点击选择部门</);
    expect(renderForm([f('upload')], 'add')).toMatch(/<span>点击上传<\/span>/);
  });
});

describe('editable-table cells', () => {
  it('every built-in has an editable cell that renders (a read-only cell where the widget has none)', () => {
    for (const def of defaultRegistry.list()) {
      const Cell = editableCellOf(def);
      const c = CASES[def.type];
      const html = renderWithRuntime(<Cell value={c.value} onChange={() => undefined} field={c.field} record={{}} column="v" />);
      expect(typeof html, def.type).toBe('string');
    }
  });
  it('the issue-4 widgets declare their own editable cell', () => {
    const own = [
      'input',
      'inputNumber',
      'select',
      'radio',
      'switch',
      'date',
      'datetime',
      'time',
      'textarea',
      'password',
      'hidden',
      'sel_user',
      'sel_depart',
      'sel_search',
      'normal',
      'checkbox',
      'checkbox_meta',
      'list_multi',
      'sel_search_async',
      'input_pop',
      'popup',
      'sel_tree',
      'cat_tree',
      'link_down',
      'slot',
      'sel_multi_user',
      'sel_position',
      'sel_role',
    ];
    for (const t of own) expect(defaultRegistry.get(t)?.EditableCell, t).toBeTruthy();
  });
});
