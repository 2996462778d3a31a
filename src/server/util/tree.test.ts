import { describe, expect, it } from 'vitest';
import { nestTree, walkTree, withDescendants } from './tree.js';

interface N {
  id: string;
  children?: N[];
}
const rows = [
  { id: 'a', parent_id: null },
  { id: 'b', parent_id: 'a' },
  { id: 'c', parent_id: 'b' },
  { id: 'd', parent_id: 'a' },
  { id: 'e', parent_id: 'gone' },
  { id: 'f', parent_id: 'f' },
];

describe('nestTree', () => {
  it('nests children under parents in row order; absent parents and self-parents make roots', () => {
    const roots = nestTree<(typeof rows)[number], N>(rows, (r) => ({ id: r.id }));
    expect(roots.map((n) => n.id)).toEqual(['a', 'e', 'f']);
    expect(roots[0].children!.map((n) => n.id)).toEqual(['b', 'd']);
    expect(roots[0].children![0].children!.map((n) => n.id)).toEqual(['c']);
    expect(roots[1].children).toBeUndefined();
    const seen: string[] = [];
    walkTree(roots, (n) => seen.push(n.id));
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('reads the parent through parentOf', () => {
    const roots = nestTree<{ id: string; pid: string }, N>(
      [
        { id: 'x', pid: '0' },
        { id: 'y', pid: 'x' },
      ],
      (r) => ({ id: r.id }),
      (r) => r.pid,
    );
    expect(roots.map((n) => n.id)).toEqual(['x']);
    expect(roots[0].children!.map((n) => n.id)).toEqual(['y']);
  });
});

describe('withDescendants', () => {
  it('gives the roots and every descendant, and stops on cycles', () => {
    expect([...withDescendants(rows, ['b'])].sort()).toEqual(['b', 'c']);
    expect([...withDescendants(rows, ['a'])].sort()).toEqual(['a', 'b', 'c', 'd']);
    const cyclic = [
      { id: 'p', parent_id: 'q' },
      { id: 'q', parent_id: 'p' },
    ];
    expect([...withDescendants(cyclic, ['p'])].sort()).toEqual(['p', 'q']);
  });
});
