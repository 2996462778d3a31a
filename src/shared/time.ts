const pad = (n: number) => String(n).padStart(2, '0');

/** Local date as 'YYYY-MM-DD' (spec 9 date format). */
export function formatDate(d: Date = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local date-time as 'YYYY-MM-DD HH:mm:ss' (spec 9 datetime format, api-contract §1.8). */
export function formatDateTime(d: Date = new Date()): string {
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * The name of an export of `title` on day `d`: `{title}_{yyyyMMdd}.xlsx` (e.g. 银行账户_20261126.xlsx),
 * characters a file name may not hold replaced by '_'; '导出文件' when the title is empty.
 */
export function exportFileName(title: string, d: Date = new Date()): string {
  const safe = title.replace(/[\\/:*?"<>|]/g, '_').trim() || '导出文件';
  return `${safe}_${formatDate(d).replace(/-/g, '')}.xlsx`;
}
