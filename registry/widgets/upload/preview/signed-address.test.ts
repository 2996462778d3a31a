import { describe, expect, it } from 'vitest';
import type { Envelope, RequestPort } from '../../../context/RuntimeContext.js';
import { base64Utf8, onlinePreviewUrl } from './preview-model.js';
import { previewServiceAddress } from './signed-address.js';

const KEY = '1234.0.99999.SESSION-FILE-KEY-MAC';

/** A request port whose file URLs carry the session's key unless `stored`, and whose signing call answers `answer`. */
function port(answer: Envelope<unknown>, asked: unknown[] = []): RequestPort {
  const get = async (url: string, params?: Record<string, unknown>) => {
    asked.push([url, params]);
    return answer;
  };
  return {
    get,
    fileUrl: (path: string, stored?: boolean) => `/jeecg-boot/sys/common/static/${path}${stored ? '' : `?fk=${KEY}`}`,
  } as unknown as RequestPort;
}

describe('file preview: the address the online preview service fetches (spec 9)', () => {
  it('is the static address signed for that one file, without the session’s file key', async () => {
    const asked: unknown[] = [];
    const ok = { success: true, code: 200, message: '', result: { expires: 1_900_000_000, signature: 'SIG_abc-1' } } as Envelope<unknown>;
    const address = await previewServiceAddress(port(ok, asked), 'temp/合同_0123456789abcdef.pdf');
    expect(asked).toEqual([['/sys/common/preview/sign', { path: 'temp/合同_0123456789abcdef.pdf' }]]);
    expect(address).toBe('/jeecg-boot/sys/common/static/temp/合同_0123456789abcdef.pdf?expires=1900000000&signature=SIG_abc-1');
    const src = onlinePreviewUrl('http://preview:8012/onlinePreview', new URL(address, 'http://app.example.com').href);
    for (const text of [address, src, decodeURIComponent(src)]) {
      expect(text).not.toContain('fk=');
      expect(text).not.toContain(KEY);
    }
    expect(src).not.toContain(encodeURIComponent(base64Utf8(KEY)).slice(0, 12));
  });

  it('keeps an object-storage address as it is, and rejects when the server refuses to sign', async () => {
    const never = port({ success: false, code: 500, message: 'unused', result: null } as Envelope<unknown>);
    expect(await previewServiceAddress(never, 'https://oss.example.com/a.pdf')).toBe('https://oss.example.com/a.pdf');
    await expect(previewServiceAddress(never, 'temp/a.pdf')).rejects.toThrow('unused');
  });
});
