const pad = (n: number) => String(n).padStart(2, '0');

/** Local date as 'YYYY-MM-DD' (spec 9 date format). */
export function formatDate(d: Date = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local date-time as 'YYYY-MM-DD HH:mm:ss' (spec 9 datetime format, api-contract §1.8). */
export function formatDateTime(d: Date = new Date()): string {
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
