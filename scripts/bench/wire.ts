import type { BrowserContext, Page } from 'playwright-core';

/** One response a page received, as Chromium counted it. */
export interface WireFile {
  /** path (and query) of the request */
  url: string;
  /** CDP resource type: Document, Script, Stylesheet, XHR, Fetch, Image, Font… */
  type: string;
  /** bytes on the wire (CDP Network.loadingFinished encodedDataLength: headers + encoded body) */
  wire: number;
  /** decoded body bytes (Network.dataReceived dataLength summed) */
  decoded: number;
  /** Content-Encoding of the answer ('' = identity) */
  encoding: string;
}

/**
 * Records every http(s) response of `page` through CDP, with a cold cache (the browser cache is
 * cleared first). Returns the list the responses are appended to as they finish loading.
 */
export async function recordWire(context: BrowserContext, page: Page): Promise<WireFile[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  const pending = new Map<string, { url: string; type: string; decoded: number; encoding: string }>();
  const files: WireFile[] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    const u = new URL(e.request.url);
    if (u.protocol.startsWith('http'))
      pending.set(e.requestId, { url: u.pathname + u.search, type: e.type ?? 'Other', decoded: 0, encoding: '' });
  });
  cdp.on('Network.responseReceived', (e) => {
    const p = pending.get(e.requestId);
    if (!p) return;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    p.encoding = headers['content-encoding'] ?? '';
  });
  cdp.on('Network.dataReceived', (e) => {
    const p = pending.get(e.requestId);
    if (p) p.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const p = pending.get(e.requestId);
    if (!p) return;
    pending.delete(e.requestId);
    files.push({ url: p.url, type: p.type, wire: e.encodedDataLength, decoded: p.decoded, encoding: p.encoding });
  });
  return files;
}
