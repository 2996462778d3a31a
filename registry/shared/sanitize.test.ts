import { describe, expect, it } from 'vitest';
import {
  filterAttributes,
  filterStyle,
  isSafeUrl,
  RICH_TEXT_ALL_ATTRIBUTES,
  RICH_TEXT_DROP_WITH_CONTENT,
  RICH_TEXT_TAGS,
} from '../../src/shared/rich-text-policy.js';
import { PURIFY_CONFIG, sanitizeHtml } from './sanitize.js';

// The browser sanitiser (DOMPurify) needs a DOM, so it is exercised in the e2e tests; here the
// shared policy parts it runs — the same code src/server/http/sanitize.test.ts exercises through
// sanitize-html — and its configuration are checked.

describe('isSafeUrl', () => {
  it('allows http, https, mailto links and relative URLs', () => {
    for (const url of [
      'http://a.com',
      'https://a.com/x?y=1',
      'mailto:a@b.cn',
      '/sys/common/static/a.png',
      'a/b.png',
      '#top',
      '//cdn.com/x.png',
      '?q=1',
    ]) {
      expect(isSafeUrl('a', 'href', url)).toBe(true);
    }
  });
  it('refuses javascript:, vbscript:, data: and other schemes on links, however disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'vbscript:x',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://a.com',
      'tel:123',
    ]) {
      expect(isSafeUrl('a', 'href', url), url).toBe(false);
    }
  });
  it('allows raster base64 data images only on img src', () => {
    expect(isSafeUrl('img', 'src', 'data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isSafeUrl('img', 'src', 'data:image/jpeg;base64,/9j/4AAQ')).toBe(true);
    expect(isSafeUrl('img', 'src', 'data:image/gif;base64,R0lGODlh')).toBe(true);
    expect(isSafeUrl('img', 'src', 'data:image/webp;base64,UklGRg==')).toBe(true);
    expect(isSafeUrl('img', 'src', 'data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isSafeUrl('img', 'src', 'data:image/png,rawbytes')).toBe(false);
    expect(isSafeUrl('img', 'src', 'javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('video', 'src', 'data:image/png;base64,iVBORw0KGgo=')).toBe(false);
    expect(isSafeUrl('img', 'src', 'mailto:a@b.cn')).toBe(false);
    expect(isSafeUrl('video', 'poster', 'https://a/p.png')).toBe(true);
  });
});

describe('filterStyle', () => {
  it('keeps the listed properties with plain values', () => {
    expect(filterStyle('color: rgb(1, 2, 3); text-align: center; font-size: 14px; text-indent: 2em')).toBe(
      'color:rgb(1, 2, 3);text-align:center;font-size:14px;text-indent:2em',
    );
    expect(filterStyle('font-family: 微软雅黑, "Microsoft YaHei"; background-color: #FFF !important')).toBe(
      'font-family:微软雅黑, "Microsoft YaHei";background-color:#FFF',
    );
    expect(filterStyle('width: 50%;height:auto;')).toBe('width:50%;height:auto');
  });
  it('drops expressions, url(), escapes and unlisted properties', () => {
    expect(filterStyle('width: expression(alert(1))')).toBe('');
    expect(filterStyle('background-image: url(javascript:alert(1))')).toBe('');
    expect(filterStyle('color: red; position: fixed; z-index: 9999; top: 0')).toBe('color:red');
    expect(filterStyle('color: r\\65 d')).toBe('');
    expect(filterStyle('font-family: a/**/b')).toBe('');
    expect(filterStyle('behavior: url(x.htc); -moz-binding: url(x.xml#y)')).toBe('');
    expect(filterStyle('toString: x; __proto__: y; constructor: z')).toBe('');
  });
});

describe('filterAttributes', () => {
  it('keeps allowed attributes of the element and drops event handlers, ids and classes', () => {
    expect(
      filterAttributes('IMG', { src: 'https://a/b.png', alt: 'b', onerror: 'alert(1)', id: 'x', class: 'y', style: 'width: 50%' }),
    ).toEqual({
      src: 'https://a/b.png',
      alt: 'b',
      style: 'width:50%',
    });
    expect(filterAttributes('p', { onclick: 'x()', title: 't', align: 'center' })).toEqual({ title: 't' });
  });
  it('drops unsafe URLs and forces rel on new-window links', () => {
    expect(filterAttributes('a', { href: 'javascript:alert(1)', target: '_blank', rel: 'opener' })).toEqual({
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(filterAttributes('a', { href: 'https://a', target: 'x' })).toEqual({ href: 'https://a' });
  });
  it('checks value shapes: numbers, sizes, alignment, code language classes, video types', () => {
    expect(filterAttributes('td', { colspan: '2', rowspan: 'x', width: 'auto', align: 'Center' })).toEqual({
      colspan: '2',
      width: 'auto',
      align: 'center',
    });
    expect(filterAttributes('code', { class: 'language-js evil hljs' })).toEqual({ class: 'language-js' });
    expect(filterAttributes('code', { class: 'evil' })).toEqual({});
    expect(filterAttributes('source', { src: 'https://v/x.mp4', type: 'video/mp4' })).toEqual({
      src: 'https://v/x.mp4',
      type: 'video/mp4',
    });
    expect(filterAttributes('source', { src: 'https://v/x', type: 'text/html' })).toEqual({ src: 'https://v/x' });
    expect(filterAttributes('video', { controls: 'true', width: '100%', height: '1e9' })).toEqual({ controls: 'controls', width: '100%' });
    expect(filterAttributes('img', { src: '', 'data-href': ' ' })).toEqual({});
  });
});

describe('the browser configuration is the same policy', () => {
  it('DOMPurify gets the shared tag and attribute lists and drops the shared content-less elements', () => {
    expect(PURIFY_CONFIG.ALLOWED_TAGS).toEqual([...RICH_TEXT_TAGS]);
    expect(PURIFY_CONFIG.ALLOWED_ATTR).toEqual([...RICH_TEXT_ALL_ATTRIBUTES]);
    expect(PURIFY_CONFIG.ADD_FORBID_CONTENTS).toEqual([...RICH_TEXT_DROP_WITH_CONTENT]);
    expect(PURIFY_CONFIG.ALLOW_DATA_ATTR).toBe(false);
    for (const tag of ['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'input'])
      expect(RICH_TEXT_TAGS).not.toContain(tag);
    expect(RICH_TEXT_ALL_ATTRIBUTES.some((a) => a.startsWith('on'))).toBe(false);
  });
  it("DOMPurify's URI pattern refuses javascript: and accepts the allowed schemes", () => {
    const re = PURIFY_CONFIG.ALLOWED_URI_REGEXP as RegExp;
    expect(re.test('javascript:alert(1)')).toBe(false);
    expect(re.test('data:image/png;base64,AAAA')).toBe(false); // data: images go through DOMPurify's data-URI rule + isSafeUrl
    expect(re.test('ftp://x')).toBe(false);
    for (const ok of ['http://a', 'https://a', 'mailto:a@b', '/x', '#a', 'a.png', 'auto', '100', '_blank', 'video/mp4'])
      expect(re.test(ok), ok).toBe(true);
  });
  it('fails closed without a DOM: the HTML comes back escaped, never as markup', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)><b>b</b>')).toBe('&lt;img src=x onerror=alert(1)&gt;&lt;b&gt;b&lt;/b&gt;');
    expect(sanitizeHtml('')).toBe('');
  });
});
