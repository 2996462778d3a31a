import { describe, expect, it } from 'vitest';
import { dragSortAction, dragSortMenuItems } from './model.js';

describe('drag-sort menu (spec 2.6)', () => {
  it('has move up, move down, insert below', () => {
    expect(dragSortMenuItems(1, 3)).toEqual([
      { key: 'up', label: '上移', disabled: false },
      { key: 'down', label: '下移', disabled: false },
      { key: 'insertBelow', label: '在下方插入一行', disabled: false },
    ]);
  });
  it('disables move up at the first row and move down at the last', () => {
    const disabled = (i: number, n: number) => dragSortMenuItems(i, n).map((x) => x.disabled);
    expect(disabled(0, 3)).toEqual([true, false, false]);
    expect(disabled(2, 3)).toEqual([false, true, false]);
    expect(disabled(0, 1)).toEqual([true, true, false]);
  });
  it('maps a choice to an action; disabled choices do nothing', () => {
    expect(dragSortAction('up', 2, 3)).toEqual({ type: 'move', from: 2, to: 1 });
    expect(dragSortAction('down', 0, 3)).toEqual({ type: 'move', from: 0, to: 1 });
    expect(dragSortAction('insertBelow', 2, 3)).toEqual({ type: 'insertBelow', index: 2 });
    expect(dragSortAction('up', 0, 3)).toBeUndefined();
    expect(dragSortAction('down', 2, 3)).toBeUndefined();
    expect(dragSortAction('nope', 1, 3)).toBeUndefined();
  });
});
