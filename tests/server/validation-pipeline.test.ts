import path from 'node:path';
import { createForm } from '@formily/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import type { ScreenSchema } from '../../src/shared/generated/screen-schema.js';
import { compileScreenForm, FORM_GRID_KEY, type ISchemaLike, type RemoteChecks } from '../../src/runtime/form/compile.js';
import { subTableColumns } from '../../renderers/form/sub-table-columns.js';
import { validateCell } from '../../registry/editable-table/validation.js';
import screenJson from './schemas/validation/tst_valid_codes.json';
import { toColumn } from '../../src/shared/columns.js';
import { RULE_CODES } from '../../src/shared/rule-codes.js';
import { client, login, startTestServer } from './harness.js';

// The one field-validation pipeline (src/shared/field-validation.ts) through its three callers:
// the form compiler's Formily rules, the editable sub table's cell validation and the server's
// record validation. Every validation code of spec 5.4 (plus a custom regular expression, a
// validMessage, required and a storage limit) gives the same verdict and the same message in all
// three, on the screen tests/server/schemas/validation/tst_valid_codes.json.
const screen = screenJson as unknown as ScreenSchema;
let server: StartedServer;
let admin: ReturnType<typeof client>;
const url = '/online/cgform/api/form/tst_valid_codes';
/** The required field's valid value, sent with every other case. */
const base = { v_req: '12' };

beforeAll(async () => {
  server = await startTestServer({ schemasDirs: [path.join(import.meta.dirname, 'schemas/validation')] });
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

/** The form's duplicate check and check rule, over the server's endpoints (as the renderer binds them). */
const remote: RemoteChecks = {
  duplicate: async (args) => {
    const res = await admin.get('/sys/duplicate/check', args);
    return res.body.success ? null : res.body.message;
  },
  checkRule: async () => null,
};

/** The form's verdict: the compiled field's rules run by a real Formily field (first failure wins). */
async function formVerdict(column: string, value: unknown): Promise<string | null> {
  const compiled = compileScreenForm(screen, { mode: 'add', widgetComponent: (w) => `W_${w}`, context: { username: 'admin' }, remote });
  const prop = (compiled.schema.properties![FORM_GRID_KEY].properties as Record<string, ISchemaLike>)[column];
  const form = createForm({ validateFirst: true });
  const field = form.createField({ name: column, required: prop.required, validator: prop['x-validator'] as never, value });
  await field.validate().catch(() => undefined);
  return (field.selfErrors[0] as string | undefined) ?? null;
}

/** The editable table's verdict: the sub-table column's rules on a row (`others`: the other rows' values). */
async function gridVerdict(column: string, value: unknown, others: unknown[] = []): Promise<string | null> {
  const col = subTableColumns(screen, '', { username: 'admin' }).find((c) => c.key === column)!;
  const row = { id: 'r0', [column]: value };
  const rows = [row, ...others.map((v, i) => ({ id: `r${i + 1}`, [column]: v }))];
  return validateCell(col, row, rows, 'all');
}

/** The server's verdict: a record added through the online-form API (null when it was saved). */
async function serverVerdict(column: string, value: unknown): Promise<string | null> {
  const res = await admin.post(url, { ...base, [column]: value });
  if (res.body.success) return null;
  expect(res.body.code).toBe(500);
  return res.body.message;
}

const cases: [rule: string, column: string, value: string, message: string | null][] = [
  ['n6-16', 'v_n616', '123456', null],
  ['n6-16', 'v_n616', '12345', '请输入6-16位数字'],
  ['n6-16', 'v_n616', '12345a', '请输入6-16位数字'],
  ['*6-16', 'v_any616', 'abc 12', null],
  ['*6-16', 'v_any616', 'abcde', '请输入6-16位任意字符'],
  ['s6-18', 'v_s618', 'abcdef', null],
  ['s6-18', 'v_s618', 'abcde1', '请输入6-18位字母'],
  ['url', 'v_url', 'https://www.example.com/p?q=1', null],
  ['url', 'v_url', 'not a url', '请输入正确的网址'],
  ['e', 'v_e', 'first.last+tag@mail.example.cn', null],
  ['e', 'v_e', 'a@b', '请输入正确的电子邮件'],
  ['m (spec 5.4 reading: second digit 3-9)', 'v_m', '16612345678', null],
  ['m', 'v_m', '12800138000', '请输入正确的手机号码'],
  ['p', 'v_p', '010010', null],
  ['p', 'v_p', '10000', '请输入正确的邮政编码'],
  ['s', 'v_s', 'ABC', null],
  ['s', 'v_s', 'ab1', '请输入字母'],
  ['n', 'v_n', '-0.25', null],
  ['n', 'v_n', '1.2.3', '请输入数字'],
  ['z', 'v_z', '-7', null],
  ['z', 'v_z', '1.5', '请输入整数'],
  ['*', 'v_star', 'a', null],
  ['*', 'v_star', '', '该字段不能为空'],
  ['* (blank text is empty)', 'v_star', '   ', '该字段不能为空'],
  ['* on a select', 'v_sel', '', '该字段不能为空'],
  ['money', 'v_money', '-5.01', null],
  ['money', 'v_money', '12.345', '请输入正确的金额'],
  ['custom regular expression with validMessage', 'v_regex', 'AB12', null],
  ['custom regular expression with validMessage', 'v_regex', 'ab12', '以两个大写字母开头'],
  ['a code with its own validMessage', 'v_msg', '1234', '邮编是六位数字'],
  ['codes run on non-empty values only', 'v_m', '', null],
  ['required', 'v_req', '', '请输入必填项!'],
  ['required, then the code', 'v_req', '1.5', '请输入整数'],
  ['the code, then the storage limit (dbLength 8)', 'v_req', '123456789', '必填项长度不能超过8个字符'],
];

describe('one field-validation pipeline: form, editable table and server agree (spec 5.4)', () => {
  it.each(cases)('%s: %s = %j → %s', async (_rule, column, value, message) => {
    const verdicts = {
      form: await formVerdict(column, value),
      grid: await gridVerdict(column, value),
      server: await serverVerdict(column, value),
    };
    expect(verdicts).toEqual({ form: message, grid: message, server: message });
  });

  it('covers every validation code of spec 5.4, passing and failing', () => {
    const codeOf = (column: string) => screen.fields.find((f) => toColumn(f.name) === column)?.validType;
    for (const outcome of ['pass', 'fail']) {
      const covered = new Set(cases.filter((c) => (c[3] === null) === (outcome === 'pass')).map((c) => codeOf(c[1])));
      expect(
        Object.keys(RULE_CODES).filter((code) => !covered.has(code)),
        outcome,
      ).toEqual([]);
    }
  });

  it('only (unique): all three refuse a repeated value, each by its own mechanism', async () => {
    expect(await formVerdict('v_only', 'ONLY-1')).toBeNull();
    expect(await gridVerdict('v_only', 'ONLY-1', ['ONLY-2'])).toBeNull();
    expect(await serverVerdict('v_only', 'ONLY-1')).toBeNull();
    // the form asks the server's duplicate check; the table compares its rows; the server its records
    expect(await formVerdict('v_only', 'ONLY-1')).toBe('该值不可用，系统中已存在！');
    expect(await gridVerdict('v_only', 'ONLY-1', ['ONLY-1'])).toBe('唯一编码不能重复');
    expect(await serverVerdict('v_only', 'ONLY-1')).toBe('唯一编码「ONLY-1」已存在，该值不可用，系统中已存在！');
  });
});
