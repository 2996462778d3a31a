import type { ScreenSchema } from '../../src/shared/generated/screen-schema';
import { withRetries } from '../../src/runtime/list/list-texts';
import type { RequestPort } from '../../registry/context/RuntimeContext';

type Row = Record<string, unknown>;

/**
 * The rows of one sub table for a main row through
 * `/online/cgform/api/subform/list/{table}/{mainId}` (api-contract §7.2), tried 3 times (spec
 * 2.2). Resolves the rows (keys = columns); rejects after the third failure — the caller shows
 * 打开子表失败.
 */
export function fetchSubRows(request: RequestPort, sub: ScreenSchema, mainId: string): Promise<Row[]> {
  return withRetries(async () => {
    const res = await request.get<Row[]>(
      `/online/cgform/api/subform/list/${encodeURIComponent(sub.tableName)}/${encodeURIComponent(mainId)}`,
    );
    if (!res.success) throw new Error(res.message);
    return res.result ?? [];
  });
}
