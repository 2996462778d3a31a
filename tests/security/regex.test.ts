import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServer } from '../../src/server/start.js';
import { client, login, startSecurityServer, type Client } from './helpers.js';

// Class 6, user-supplied regular expressions: a catastrophic pattern authored by an administrator
// (a field's custom validType, a check rule) answers within its time limit with a clear message,
// and costs nothing at its later uses.

let server: StartedServer;
let admin: Client;
const TIMEOUT_TEXT = '正则表达式执行超时，已停止校验，请简化校验规则（避免 (a+)+ 这类嵌套重复）';
const evil = 'a'.repeat(40) + 'b';

beforeAll(async () => {
  server = await startSecurityServer();
  admin = client(server, await login(server, 'admin'));
});
afterAll(async () => server?.close());

/** Milliseconds `fn` takes. */
async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

describe('administrator patterns', () => {
  it('the pattern is catastrophic for a plain RegExp (the attack is real)', async () => {
    // 2^22 steps at 23 characters already; the request's 41 would take days
    const { ms, value } = await timed(() => /^(a+)+$/.test('a'.repeat(22) + 'b'));
    expect(value).toBe(false);
    expect(ms).toBeGreaterThan(50);
  });

  it('a field validType of (a+)+ answers within the limit with a clear message, nothing written', async () => {
    const good = await admin.post('/online/cgform/api/form/sec_regex', { code: 'aaa' });
    expect(good.body.success).toBe(true);
    const first = await timed(() => admin.post('/online/cgform/api/form/sec_regex', { code: evil }));
    expect(first.value.body).toMatchObject({ success: false, code: 500, message: TIMEOUT_TEXT });
    expect(first.ms).toBeLessThan(2_000);
    // the stalled pattern is refused at once from then on
    const again = await timed(() => admin.post('/online/cgform/api/form/sec_regex', { code: evil + 'c' }));
    expect(again.value.body.message).toBe(TIMEOUT_TEXT);
    expect(again.ms).toBeLessThan(1_000);
    const rows = await sql<{ code: string }>`select code from sec_regex`.execute(server.ctx.db);
    expect(rows.rows.map((r) => r.code)).toEqual(['aaa']);
  });

  it('a check rule of (a+)+ answers within the limit; other rules keep working', async () => {
    const rule = JSON.stringify([{ digits: '*', pattern: '(a+)+', message: '只能是字母a' }]);
    const add = await admin.post('/online/cgform/api/form/sys_check_rule', { ruleName: '回溯', ruleCode: 'sec_backtrack', ruleJson: rule });
    expect(add.body.success).toBe(true);
    expect((await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'sec_backtrack', value: 'aaaa' })).body.success).toBe(true);
    const { ms, value } = await timed(() => admin.get('/sys/checkRule/checkByCode', { ruleCode: 'sec_backtrack', value: evil }));
    expect(value.body).toMatchObject({ success: false, message: TIMEOUT_TEXT });
    expect(ms).toBeLessThan(2_000);
    expect((await admin.get('/sys/checkRule/checkByCode', { ruleCode: 'common', value: 'abc_123' })).body.success).toBe(true);
  });
});
