import { describe, expect, it } from 'vitest';
import { criticalCss, markupClasses } from './critical-css';

describe('criticalCss', () => {
  const html =
    '<form class="ant-form css-x"><input class="ant-input ant-input-lg"/><button class="ant-btn ant-btn-primary">x</button></form>';

  it('keeps the rules the markup can use, states included, and drops the others', () => {
    const css =
      ':where(.css-x).ant-input{color:red}' +
      ':where(.css-x).ant-input:hover{color:blue}' +
      ':where(.css-x).ant-btn:not(.ant-btn-disabled):focus-visible{outline:1px}' +
      ':where(.css-x).ant-select{color:green}' +
      '.ant-form-item-has-error .ant-input{border-color:red}' +
      'a:where(.css-x){color:#1677ff}' +
      '[class^="ant-form"]{box-sizing:border-box}';
    expect(criticalCss(css, html)).toBe(
      ':where(.css-x).ant-input{color:red}' +
        ':where(.css-x).ant-input:hover{color:blue}' +
        ':where(.css-x).ant-btn:not(.ant-btn-disabled):focus-visible{outline:1px}' +
        'a:where(.css-x){color:#1677ff}' +
        '[class^="ant-form"]{box-sizing:border-box}',
    );
  });

  it('filters selector lists and @media blocks, drops @keyframes and the cache-path marker', () => {
    const css =
      '.ant-input,.ant-select,.ant-btn-primary{margin:0}' +
      '@media (max-width:575px){.ant-col-xs-24{width:100%}.ant-input-lg{font-size:14px}}' +
      '@media (min-width:1px){.ant-col-1{width:1%}}' +
      '@keyframes spin{to{transform:rotate(1turn)}}' +
      '.data-ant-cssinjs-cache-path{content:"a|b;c{d}"}' +
      '.ant-btn::after{content:"}"}';
    expect(criticalCss(css, html)).toBe(
      '.ant-input,.ant-btn-primary{margin:0}@media (max-width:575px){.ant-input-lg{font-size:14px}}.ant-btn::after{content:"}"}',
    );
  });

  it('refuses unbalanced CSS', () => {
    expect(() => criticalCss('.ant-input{color:red', html)).toThrow(/unbalanced/);
  });

  it('reads the class attributes of markup', () => {
    expect([...markupClasses(html)].sort()).toEqual(['ant-btn', 'ant-btn-primary', 'ant-form', 'ant-input', 'ant-input-lg', 'css-x']);
  });
});
