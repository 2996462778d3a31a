import { describe, expect, it } from 'vitest';
import { handleTarget, priorityTag } from './priority';

describe('priority tags and the 去处理 target', () => {
  it('maps L/M/H to blue/orange/red tags with their texts', () => {
    expect(priorityTag('L')).toEqual({ color: 'blue', text: '一般消息' });
    expect(priorityTag('M')).toEqual({ color: 'orange', text: '重要消息' });
    expect(priorityTag('H')).toEqual({ color: 'red', text: '紧急消息' });
    expect(priorityTag('X')).toBeNull();
  });

  it('routes in-app paths, opens http(s) addresses and refuses anything else', () => {
    expect(handleTarget('url', '/online/cgformList/fin_bank_account')).toEqual({
      path: '/online/cgformList/fin_bank_account',
      external: false,
    });
    expect(handleTarget('url', 'https://example.cn/a')).toEqual({ path: 'https://example.cn/a', external: true });
    expect(handleTarget('url', 'javascript:alert(1)')).toBeNull();
    expect(handleTarget('url', '//evil.example')).toBeNull();
    expect(handleTarget('component', '/x')).toBeNull();
    expect(handleTarget('url', '')).toBeNull();
  });
});
