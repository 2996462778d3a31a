import { NOTICE_T } from '../locale/zh-CN';

/** Priority tag of an announcement (spec 2.5): L 一般消息 blue, M 重要消息 orange, H 紧急消息 red. */
export function priorityTag(priority: string | null | undefined): { color: string; text: string } | null {
  switch (priority) {
    case 'L':
      return { color: 'blue', text: NOTICE_T.priorityL };
    case 'M':
      return { color: 'orange', text: NOTICE_T.priorityM };
    case 'H':
      return { color: 'red', text: NOTICE_T.priorityH };
    default:
      return null;
  }
}

/**
 * Where 去处理 of a url-type announcement leads (spec 2.5): an in-app path ('/…', routed) or an
 * http(s) address (opened in a new window); anything else (javascript:, data:, empty) → null.
 */
export function handleTarget(
  openType: string | null | undefined,
  openPage: string | null | undefined,
): { path: string; external: boolean } | null {
  if (openType !== 'url' || !openPage) return null;
  const page = openPage.trim();
  if (/^https?:\/\//i.test(page)) return { path: page, external: true };
  if (page.startsWith('/') && !page.startsWith('//')) return { path: page, external: false };
  return null;
}
