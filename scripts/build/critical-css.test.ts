import { describe, expect, it } from 'vitest';
import { criticalCss } from './critical-css';

describe('criticalCss', () => {
  const html =
    '<form class="ant-form css-x"><input class="ant-input ant-input-lg"/><button class="ant-btn ant-btn-primary">x</button></form>';

  it('keeps the rules the markup can use, states included, and drops the others', async () => {
    const css =
      ':where(.css-x).ant-input{color:red}' +
      ':where(.css-x).ant-input:hover{color:blue}' +
      ':where(.css-x).ant-btn:not(.ant-btn-disabled):focus-visible{outline:1px}' +
      ':where(.css-x).ant-select{color:green}' +
      '.ant-form-item-has-error .ant-input{border-color:red}' +
      'a:where(.css-x){color:#1677ff}' +
      'button:where(.css-x){cursor:pointer}' +
      '[class^="ant-form"]{box-sizing:border-box}';
    expect(await criticalCss(css, html)).toBe(
      ':where(.css-x).ant-input{color:red}' +
        ':where(.css-x).ant-input:hover{color:blue}' +
        ':where(.css-x).ant-btn:not(.ant-btn-disabled):focus-visible{outline:1px}' +
        'button:where(.css-x){cursor:pointer}' +
        '[class^="ant-form"]{box-sizing:border-box}',
    );
  });

  it('filters selector lists and @media blocks, drops unused @keyframes and the cache-path marker', async () => {
    const css =
      '.ant-input,.ant-select,.ant-btn-primary{margin:0}' +
      '@media (max-width:575px){.ant-col-xs-24{width:100%}.ant-input-lg{font-size:14px}}' +
      '@media (min-width:1px){.ant-col-1{width:1%}}' +
      '@keyframes spin{to{transform:rotate(1turn)}}' +
      '.data-ant-cssinjs-cache-path{content:"a|b;c{d}"}' +
      '.ant-btn::after{content:"}"}';
    expect(await criticalCss(css, html)).toBe(
      '.ant-input,.ant-btn-primary{margin:0}@media (max-width:575px){.ant-input-lg{font-size:14px}}.ant-btn::after{content:"}"}',
    );
  });
});
