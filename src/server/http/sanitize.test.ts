import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.js';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** No executable content survives in the output. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<object|<embed|<svg|<math|<style|<form|<base|<meta|<link/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|livescript:/i);
  expect(html).not.toMatch(/expression\s*\(|url\s*\(/i);
}

describe('sanitizeRichText: dangerous content is removed', () => {
  it.each([
    ['script element and its content', '<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['script with attributes', '<script src="https://evil/x.js"></script><p>x</p>', '<p>x</p>'],
    ['uppercase / split script', '<SCRIPT>alert(1)</SCRIPT><p>x</p>', '<p>x</p>'],
    ['img onerror', '<img src="x.png" onerror="alert(1)">', '<img src="x.png" />'],
    ['onclick on a paragraph', '<p onclick="steal()" onmouseover="x()">t</p>', '<p>t</p>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: link with entity-encoded tab', '<a href="java&#x09;script:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: link with entities', '<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['javascript: link with leading spaces and case', '<a href="  JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['iframe', '<iframe src="https://evil"></iframe><p>ok</p>', '<p>ok</p>'],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['svg onload', '<svg onload="alert(1)"><circle r="1"/></svg><p>ok</p>', '<p>ok</p>'],
    ['svg with script inside', '<svg><script>alert(1)</script></svg>', ''],
    ['math with javascript href', '<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>ok</p>', '<p>ok</p>'],
    ['style element', '<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    [
      'link and meta and base',
      '<link rel="stylesheet" href="x.css"><meta http-equiv="refresh" content="0;url=x"><base href="https://evil/"><p>x</p>',
      '<p>x</p>',
    ],
    ['form controls unwrapped', '<form action="https://evil"><input name="a"><button formaction="x">b</button></form>', 'b'],
    ['template', '<template><img src=x onerror=alert(1)></template><p>x</p>', '<p>x</p>'],
    ['noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>', ''],
    ['id and class (UI redress)', '<p id="app" class="ant-modal-mask">t</p>', '<p>t</p>'],
    ['comments', '<p>a<!-- <img src=x onerror=alert(1)> -->b</p>', '<p>ab</p>'],
  ])('%s', (_name, input, expected) => {
    const out = sanitizeRichText(input);
    expect(out).toBe(expected);
    expectInert(out);
  });

  it('removes CSS expressions, url() and unlisted properties from style, keeps the listed ones', () => {
    const out = sanitizeRichText(
      '<p style="color: red; background-image: url(javascript:alert(1)); width: expression(alert(1)); position: fixed; text-align:center; behavior: url(x.htc)">t</p>',
    );
    expect(out).toBe('<p style="color:red;text-align:center">t</p>');
    expectInert(out);
  });

  it('drops a style attribute nothing of which is allowed', () => {
    expect(sanitizeRichText('<span style="position:absolute;top:0;left:0;z-index:9999">x</span>')).toBe('<span>x</span>');
    expect(sanitizeRichText('<span style="color: expression(alert(1))">x</span>')).toBe('<span>x</span>');
    expect(sanitizeRichText('<span style="font-family: x\\3a expression(alert(1))">x</span>')).toBe('<span>x</span>');
  });

  it('refuses data: images other than png, jpeg, gif, webp', () => {
    expect(sanitizeRichText('<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">')).toBe('<img />');
    expect(sanitizeRichText('<img src="data:text/html,<script>alert(1)</script>">')).toBe('<img />');
    expect(sanitizeRichText('<img src="data:image/png,notbase64<>">')).toBe('<img />');
  });

  it('refuses unsafe video sources and the iframe form of an embedded video', () => {
    expect(sanitizeRichText('<video src="javascript:alert(1)" poster="data:image/png;base64,AAAA"></video>')).toBe('<video></video>');
    expect(sanitizeRichText('<div data-w-e-type="video"><iframe src="https://player/x"></iframe></div>')).toBe('<div></div>');
  });

  it('never lets a target=_blank link keep window.opener', () => {
    expect(sanitizeRichText('<a href="https://a.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://a.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://a.com" target="evilframe">x</a>')).toBe('<a href="https://a.com">x</a>');
  });

  it('escapes text that looks like markup and survives broken markup', () => {
    expect(sanitizeRichText('<p>a &lt;script&gt; &amp; c</p>')).toBe('<p>a &lt;script&gt; &amp; c</p>');
    const out = sanitizeRichText('<p><img src="x" onerror="alert(1)"<script>alert(1)</script></p><a href="javascript:x"');
    expectInert(out);
  });

  it('handles empty and non-string input', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText(undefined as unknown as string)).toBe('');
  });
});

describe('sanitizeRichText: rich text is kept', () => {
  it('keeps formatting, headings and lists', () => {
    const html =
      '<h1>标题</h1><h2>二</h2><p><strong>粗</strong><b>b</b><em>斜</em><i>i</i><u>下划线</u><s>删</s><del>d</del><sub>2</sub><sup>3</sup><br /></p>' +
      '<blockquote>引用</blockquote><ul><li>a</li></ul><ol start="3"><li>b</li></ol><pre><code class="language-javascript">let a = 1;</code></pre><hr />';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("keeps wangEditor's inline styles: alignment, indent, colours, font size and family", () => {
    const html =
      '<p style="text-align:center">c</p><p style="text-indent:2em">i</p>' +
      '<p><span style="color:rgb(225, 60, 57);background-color:#fff;font-size:15px;font-family:微软雅黑, &quot;Microsoft YaHei&quot;">x</span></p>' +
      '<p style="line-height:1.5"><span style="text-decoration:line-through">y</span></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps tables with spans and widths', () => {
    const html =
      '<table style="width: auto;"><tbody><tr><th colSpan="2" rowSpan="1" width="auto">表头</th></tr>' +
      '<tr><td colspan="1" rowspan="1" width="120">a</td><td>b</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(
      '<table style="width:auto"><tbody><tr><th colspan="2" rowspan="1" width="auto">表头</th></tr>' +
        '<tr><td colspan="1" rowspan="1" width="120">a</td><td>b</td></tr></tbody></table>',
    );
  });

  it('keeps links with http, https, mailto, relative and anchor URLs', () => {
    const html =
      '<a href="http://a.com/x?y=1&amp;z=2">h</a><a href="https://b.com" target="_blank" rel="noopener noreferrer">s</a>' +
      '<a href="mailto:a@b.cn">m</a><a href="/jeecg-boot/sys/common/static/a.pdf">r</a><a href="#top">t</a>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps images from http(s), relative paths and base64 png/jpeg/gif/webp', () => {
    const html =
      `<img src="https://cdn.example.com/a.png" alt="a" style="width:50%;height:auto" />` +
      `<img src="/jeecg-boot/sys/common/static/jeditor/20240101/a.jpg" alt="本地" />` +
      `<img src="${PNG}" alt="p" />` +
      '<img src="data:image/jpeg;base64,/9j/4AAQ" /><img src="data:image/gif;base64,R0lGODlh" /><img src="data:image/webp;base64,UklGRg==" />';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("keeps wangEditor's video markup (without its data- attributes)", () => {
    const html =
      '<div data-w-e-type="video" data-w-e-is-void>\n<video poster="https://v/p.png" controls="true" width="auto" height="auto">' +
      '<source src="https://v/x.mp4" type="video/mp4"/></video>\n</div>';
    expect(sanitizeRichText(html)).toBe(
      '<div>\n<video poster="https://v/p.png" controls="controls" width="auto" height="auto">' +
        '<source src="https://v/x.mp4" type="video/mp4" /></video>\n</div>',
    );
  });

  it('is idempotent', () => {
    const once = sanitizeRichText(
      '<p style="color:red;position:fixed" onclick="x">a<script>b</script><a href="https://a" target="_blank">c</a></p>',
    );
    expect(sanitizeRichText(once)).toBe(once);
  });
});
