import { describe, expect, it } from 'vitest';
import { renderCell, renderForm } from '../../shared/test-render.js';
import { SEARCH_DEBOUNCE_MS, searchEmptyText } from '../sel-search/texts.js';
import { SEARCH_PAGE_SIZE } from '../sel-search/api.js';

const field = {
  name: 'projectId',
  title: '项目',
  widget: 'sel_search_async',
  dbType: 'string',
  dictCode: 'pm_project,project_name,id',
} as const;

describe('sel_search_async (spec 9)', () => {
  it('searches on the server: debounce 800 ms, page size 10, the spec texts', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(800);
    expect(SEARCH_PAGE_SIZE).toBe(10);
    expect(searchEmptyText(true, 'x')).toBe('加载中…');
    expect(searchEmptyText(false, '')).toBe('请输入搜索内容');
    expect(searchEmptyText(false, 'x')).toBe('没有查询到任何数据');
  });
  it('renders a search select in the form and the text in the list', () => {
    const html = renderForm([{ ...field }], 'add');
    expect(html).toContain('data-testid="sel-search-async"');
    expect(html).toContain('请选择项目');
    expect(renderCell({ ...field }, 'p1', { project_id_dictText: '项目一' })).toContain('项目一');
  });
});
