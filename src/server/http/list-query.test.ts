import { describe, expect, it } from 'vitest';
import { dateRangeOf, escapeLike, likeContains, likePrefix, pagingOf, sortOf } from './list-query.js';

describe('list-query', () => {
  it('pages within the limit, a value that is not a number meaning the default', () => {
    expect(pagingOf({}, 200)).toEqual({ pageNo: 1, pageSize: 10, offset: 0 });
    expect(pagingOf({ pageNo: '3', pageSize: '20' }, 200)).toEqual({ pageNo: 3, pageSize: 20, offset: 40 });
    expect(pagingOf({ pageNo: 'x', pageSize: '5000' }, 200)).toEqual({ pageNo: 1, pageSize: 200, offset: 0 });
    expect(pagingOf({ pageNo: '-4', pageSize: '2.7' }, 100)).toEqual({ pageNo: 1, pageSize: 2, offset: 0 });
  });

  it('sorts only by allowed columns, descending unless asc is asked for', () => {
    const allowed = { createTime: 'create_time', name: 'name' };
    expect(sortOf({ column: 'name', order: 'asc' }, allowed, 'create_time')).toEqual({ column: 'name', dir: 'asc' });
    expect(sortOf({ column: 'name' }, allowed, 'create_time')).toEqual({ column: 'name', dir: 'desc' });
    expect(sortOf({ column: 'password', order: 'asc' }, allowed, 'create_time')).toEqual({ column: 'create_time', dir: 'desc' });
    expect(sortOf({ column: 'toString' }, allowed, 'create_time')).toEqual({ column: 'create_time', dir: 'desc' });
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(likeContains('a_b')).toBe('%a\\_b%');
    expect(likePrefix('A01%')).toBe('A01\\%%');
  });

  it('reads a date range, a date alone meaning the whole day, and refuses other formats', () => {
    expect(dateRangeOf({ createTime_begin: '2026-01-02', createTime_end: '2026-01-03' }, 'createTime')).toEqual({
      begin: '2026-01-02 00:00:00',
      end: '2026-01-03 23:59:59',
    });
    expect(dateRangeOf({ createTime_end: '2026-01-03 12:00:00' }, 'createTime')).toEqual({ begin: undefined, end: '2026-01-03 12:00:00' });
    expect(() => dateRangeOf({ createTime_begin: "2026-01-01' or 1=1" }, 'createTime')).toThrow('时间格式不正确');
  });
});
