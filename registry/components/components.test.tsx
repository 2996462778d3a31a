import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Ellipsis, Progress } from './index.js';

/** Renders the small components of spec 2.6 / 9 as the browser first receives them. */
const html = (node: ReactNode) => renderToStaticMarkup(<>{node}</>);

describe('small components render with the spec 9 defaults', () => {
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
});
