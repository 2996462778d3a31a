import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContextMenu, DragSortMenu, Ellipsis, Paginator, Progress, TagInput } from './index.js';

/** Renders the small components of spec 2.6 / 9 as the browser first receives them. */
const html = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);

describe('small components render with the spec 9 defaults', () => {
  it('paginator: page 1 of a total of 100 with the 共N条 text, sizes and quick jumper', () => {
    const out = html(<Paginator />);
    expect(out).toContain('1-10 共100条');
    expect(out).toMatch(/ant-pagination-item-1 ant-pagination-item-active/);
    expect(out).toContain('ant-pagination-item-10');
    expect(out).not.toContain('ant-pagination-item-11');
    expect(out).toContain('ant-pagination-options-quick-jumper');
    expect(html(<Paginator total={35} defaultCurrent={2} />)).toContain('11-20 共35条');
  });

  it('progress: parsed to a number, 0 when it is not one', () => {
    expect(html(<Progress value="50%" />)).toContain('aria-valuenow="50"');
    expect(html(<Progress value="abc" />)).toContain('aria-valuenow="0"');
    expect(html(<Progress value={null} />)).toContain('aria-valuenow="0"');
    expect(html(<Progress value={150} />)).toContain('aria-valuenow="100"');
  });

  it('ellipsis: 25 characters then ..., shorter texts as they are', () => {
    const long = '一二三四五六七八九十一二三四五六七八九十一二三四五六七';
    const text = (s: string) => s.replace(/<[^>]*>/g, '');
    expect(text(html(<Ellipsis value={long} />))).toBe(`${long.slice(0, 25)}...`);
    expect(html(<Ellipsis value="短文本" />)).toBe('短文本');
    expect(text(html(<Ellipsis value="abcdef" length={3} />))).toBe('abc...');
  });

  it('context menu and drag-sort menu wrap their trigger', () => {
    expect(html(<ContextMenu items={[{ key: 'a', label: '复制' }]}>区域</ContextMenu>)).toMatch(/^<div[^>]*>区域<\/div>$/);
    expect(
      html(
        <ContextMenu as="span" items={[]}>
          行
        </ContextMenu>,
      ),
    ).toMatch(/^<span[^>]*>行<\/span>$/);
    const drag = html(<DragSortMenu index={0} total={3} onMove={() => {}} onInsertBelow={() => {}} />);
    expect(drag).toContain('aria-label="drag-sort"');
    expect(drag).toContain('cursor:move');
  });

  it('tag input shows its value in an input', () => {
    expect(html(<TagInput value="ab cd e" onChange={() => {}} />)).toMatch(/<input[^>]*value="ab cd e"/);
  });
});
