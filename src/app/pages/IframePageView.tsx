import type { MenuEntry } from '../api/types';
import { evalMenuUrl } from '../router/menuModel';

/**
 * `layouts/IframePageView` (spec 2.2, 2.4): shows an internal menu's `meta.url` in an iframe,
 * `{{…}}` placeholders evaluated. Props: entry — the menu entry. Returns the iframe.
 */
export default function IframePageView({ entry }: { entry?: MenuEntry }) {
  const url = evalMenuUrl(entry?.meta?.url ?? '');
  return <iframe title={entry?.meta?.title ?? 'iframe'} src={url} style={{ width: '100%', height: 'calc(100vh - 220px)', border: 0 }} />;
}
