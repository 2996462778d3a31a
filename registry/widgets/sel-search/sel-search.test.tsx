import { describe, expect, it } from 'vitest';
import { renderCell, renderForm, renderWithRuntime } from '../../shared/test-render.js';
import { SelSearchCell } from './SelSearchEdit.js';

const field = {
  name: 'projectId',
  title: '关联项目',
  widget: 'sel_search',
  dbType: 'string',
  dictCode: 'pm_project,project_name,id',
} as const;

describe('sel_search', () => {
  it('a searchable select over the whole dictionary; 字典Code不能为空! without a code; the text in the list', () => {
    expect(renderForm([{ ...field }], 'add')).toContain('data-testid="sel-search"');
    expect(renderForm([{ name: 'x', title: '无字典', widget: 'sel_search', dbType: 'string' }], 'add')).toContain(
      'ant-select-status-warning',
    );
    expect(renderCell({ ...field }, 'p1', { project_id_dictText: '项目一' })).toContain('项目一');
  });
  it('the editable-table cell searches the server (a select without local filtering)', () => {
    const html = renderWithRuntime(
      <SelSearchCell value="p1" onChange={() => undefined} field={{ ...field }} record={{}} column="project_id" />,
    );
    expect(html).toContain('ant-select-show-search');
  });
});
