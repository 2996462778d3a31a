/** User-facing texts of the list runtime (spec 2.2, 5.6, 7.3, 8), in one place. */
export const LIST_TEXT = {
  noListUrl: '请设置url.list属性!',
  noDeleteUrl: '请设置url.delete属性!',
  noDeleteBatchUrl: '请设置url.deleteBatch属性!',
  noUser: '当前系统无登录用户!',
  subTableFailed: '打开子表失败',
  exporting: '正在导出…',
  importPartial: '导入成功，但有错误数据！',
  importDownload: '点击下载',
  importOnlyExcel: '只能上传 xlsx 格式的文件（旧版 .xls 请在 Excel 中另存为 .xlsx）',
  importDrop: '点击或拖拽 xlsx 文件到此处上传',
  selectOne: '请选择一条记录！',
  total: '合计',
  /** A tree node's children failed to load and the server gave no message. */
  treeLoadFailed: '数据加载失败',
} as const;

/** Tries `open` up to `times` times (spec: a sub table that fails 3 times shows 打开子表失败). */
export async function withRetries<T>(open: () => Promise<T>, times = 3): Promise<T> {
  let last: unknown;
  for (let i = 0; i < times; i++) {
    try {
      return await open();
    } catch (e) {
      last = e;
    }
  }
  throw last instanceof Error ? last : new Error(LIST_TEXT.subTableFailed);
}

/** The two 201 import answers (api-contract §4.4): the online one (result = download path) and a screen's own importExcel. */
export interface ImportPartial {
  message: string;
  /** path of the workbook with the bad rows and their reasons, '' when none */
  fileUrl: string;
}

/**
 * Reads a 201 import answer: online importXls gives `result` = the bad rows' download path; a
 * screen's own importExcel gives {totalCount, errorCount, successCount, msg, fileUrl, fileName}.
 */
export function importPartial(res: { message?: string; result?: unknown }): ImportPartial {
  const r = res.result;
  if (typeof r === 'string') return { message: res.message ?? '', fileUrl: storedPath(r) };
  if (r && typeof r === 'object') {
    const o = r as { msg?: string; fileUrl?: string };
    return { message: o.msg || res.message || '', fileUrl: storedPath(o.fileUrl ?? '') };
  }
  return { message: res.message ?? '', fileUrl: '' };
}

/** A download path as a stored-file path ('/sys/common/static/x' → 'x'), so fileUrl prefixes it once. */
function storedPath(p: string): string {
  return p.replace(/^\/?sys\/common\/static\//, '');
}

/**
 * Whether a file name is an Excel workbook the import accepts: .xlsx only, as the server (spec 5.6
 * says xls and xlsx; the server refuses the old .xls, which only a SheetJS build with known
 * vulnerabilities reads — see docs/spec-coverage.md Deviations).
 */
export function isExcelFile(name: string): boolean {
  return /\.xlsx$/i.test(name);
}
