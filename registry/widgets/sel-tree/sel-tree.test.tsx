import { describe, expect, it } from 'vitest';
import { fakeRequest, okResult } from '../../shared/fake-request.js';
import { renderCell, renderForm } from '../../shared/test-render.js';
import { loadTreeLevel, treeDictConfig } from './api.js';

describe('sel_tree', () => {
  it('reads its tree dictionary from extend (or dictCode)', () => {
    expect(treeDictConfig({ dict: 'sys_area,text,id', pidValue: '86', hasChildField: 'has_child' })).toEqual({
      tableName: 'sys_area',
      text: 'text',
      code: 'id',
      pidField: 'pid',
      pidValue: '86',
      hasChildField: 'has_child',
    });
    expect(treeDictConfig(undefined, 'a,b,c')?.tableName).toBe('a');
    expect(treeDictConfig(undefined, 'sex')).toBeNull();
  });
  it('loads a level through /sys/dict/loadTreeData', async () => {
    const request = fakeRequest(() => okResult([{ key: '110000', title: '北京市', leaf: false }]));
    const cfg = treeDictConfig({ dict: 'sys_area,text,id', pidValue: '86' })!;
    expect(await loadTreeLevel(request, cfg, '86', '{"status":"1"}')).toHaveLength(1);
    expect(request.calls[0]).toEqual([
      '/sys/dict/loadTreeData',
      { pid: '86', pidField: 'pid', tableName: 'sys_area', text: 'text', code: 'id', condition: '{"status":"1"}' },
    ]);
  });
  it('renders a tree select, the spec 5.6 error for a bad condition, and the text in the list', () => {
    const field = { name: 'area', title: '地区', widget: 'sel_tree', dbType: 'string', extend: { dict: 'sys_area,text,id' } } as const;
    expect(renderForm([{ ...field }], 'add')).toContain('data-testid="sel-tree"');
    expect(renderForm([{ ...field, extend: { dict: 'sys_area,text,id', condition: 'status=1' } }], 'add')).toContain(
      '组件JTreeSelect-condition传值有误，需要一个json字符串!',
    );
    expect(renderCell({ ...field }, '110000', { area_dictText: '北京市' })).toContain('北京市');
  });
});
