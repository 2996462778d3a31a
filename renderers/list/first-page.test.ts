import { describe, expect, it, vi } from 'vitest';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import type { RequestPort } from '../../src/runtime/ports';
import { firstPageRequest, prefetchFirstPage, settledFirstPage, takePrefetched } from './first-page';

const screen = {
  id: 'fin_demo',
  title: 'demo',
  tableName: 'fin_demo',
  tableType: 'single',
  template: 'normal',
  authPre: 'fin:demo',
  fields: [{ name: 'name', title: '名称', widget: 'input', dbType: 'string' }],
} as unknown as ScreenSchema;

function port(): RequestPort & { get: ReturnType<typeof vi.fn> } {
  const get = vi.fn(async () => ({ success: true, code: 200, message: '', timestamp: 0, result: { records: [{ id: '1' }], total: 1 } }));
  return { get, post: vi.fn(), put: vi.fn(), delete: vi.fn(), upload: vi.fn(), fileUrl: (p: string) => p } as never;
}

describe("a list's first page, requested with the screen", () => {
  it('asks getData for page 1 in the initial state (first page size, default sort)', () => {
    const first = firstPageRequest(screen);
    expect(first?.url).toBe('/online/cgform/api/getData/fin_demo');
    expect(first?.params).toMatchObject({ pageNo: 1, column: 'createTime', order: 'desc' });
    expect(firstPageRequest({ ...screen, template: 'tree', tree: { pidField: 'pid', hasChildField: 'has_child' } } as never)).toBeNull();
  });

  it('is handed over once, to the same request port and the same parameters, and readable once settled', async () => {
    const request = port();
    const promise = prefetchFirstPage(request, screen);
    expect(request.get).toHaveBeenCalledTimes(1);
    const first = firstPageRequest(screen)!;
    expect(takePrefetched(port(), screen.id, first.url, first.params)).toBeNull();
    expect(takePrefetched(request, screen.id, first.url, { ...first.params, pageNo: 2 })).toBeNull();
    expect(settledFirstPage(request, screen)).toBeNull();
    await promise;
    expect(settledFirstPage(request, screen)?.total).toBe(1);
    expect(takePrefetched(request, screen.id, first.url, first.params)).toBe(promise);
    expect(takePrefetched(request, screen.id, first.url, first.params)).toBeNull();
    expect(settledFirstPage(request, screen)).toBeNull();
  });
});
