import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { BizError, failBody, ok } from '../../http/envelope.js';
import { checkValue, parseRuleJson } from './check-rule.js';
import { tenantOf } from '../tenant/tenant-scope.js';
import { executeFillRule, fillRuleClassOf, fillRuleClassOptions, parseFillParams } from './fill-rule.js';
import { RULE_TEXT } from './texts.js';

type Row = Record<string, unknown>;

/** The check-rule and fill-rule screens: schema ids, JeecgBoot menu urls, button-code prefixes. */
export const CHECK_RULE_SCREEN = { id: 'sys_check_rule', menu: '/isystem/checkRule', authPre: 'system:check_rule' } as const;
export const FILL_RULE_SCREEN = { id: 'sys_fill_rule', menu: '/isystem/fillRule', authPre: 'system:fill_rule' } as const;

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** The value as JeecgBoot reads it: URL-decoded once more after the query string's own decoding. */
function decodedValue(v: unknown): string {
  const s = v === undefined || v === null ? '' : String(v);
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Check rules and fill rules (spec 7.2, api-contract §6.5, §6.6; business-screens.md §2.3).
 * Calls any signed-in user may make (forms use them): checkByCode, executeRuleByCode,
 * executeRuleByCodeBatch. Calls of the rule screens (menu needed): testFillRule (tells the
 * next value without using it up) and ruleClasses. Plain CRUD is the generic engine's, with
 * hooks here that check a rule before it is saved.
 */
export function ruleRoutes(app: FastifyInstance, ctx: AppContext): void {
  ctx.hooks.register(CHECK_RULE_SCREEN.id, {
    async beforeWrite({ trx, row, existing }) {
      const code = str(row.rule_code ?? existing?.rule_code);
      if (!code) throw new BizError(RULE_TEXT.ruleCodeRequired);
      if ('rule_code' in row) row.rule_code = code;
      if ('rule_json' in row || !existing) parseRuleJson(row.rule_json);
      let q = trx.selectFrom('sys_check_rule').select('id').where('rule_code', '=', code);
      if (existing) q = q.where('id', '<>', String(existing.id));
      if (await q.executeTakeFirst()) throw new BizError(`规则编码「${code}」已存在`);
    },
  });
  ctx.hooks.register(FILL_RULE_SCREEN.id, {
    async beforeWrite({ trx, row, existing }) {
      const code = str(row.rule_code ?? existing?.rule_code);
      if (!code) throw new BizError(RULE_TEXT.ruleCodeRequired);
      if ('rule_code' in row) row.rule_code = code;
      const cls = fillRuleClassOf(row.rule_class ?? existing?.rule_class);
      if ('rule_class' in row) row.rule_class = cls.name;
      const params = parseFillParams('rule_params' in row ? row.rule_params : existing?.rule_params);
      cls.checkParams(params);
      let q = trx.selectFrom('sys_fill_rule').select('id').where('rule_code', '=', code);
      if (existing) q = q.where('id', '<>', String(existing.id));
      if (await q.executeTakeFirst()) throw new BizError(`规则编码「${code}」已存在`);
    },
  });

  app.get('/sys/checkRule/checkByCode', async (req: FastifyRequest<{ Querystring: { ruleCode?: string; value?: string } }>, reply) => {
    const code = str(req.query.ruleCode);
    const rule = code ? await ctx.db.selectFrom('sys_check_rule').selectAll().where('rule_code', '=', code).executeTakeFirst() : undefined;
    if (!rule) throw new BizError(RULE_TEXT.codeMissing);
    const failure = checkValue(parseRuleJson(rule.rule_json), decodedValue(req.query.value));
    if (failure) return reply.send(failBody(failure.message, 500, failure));
    return ok(null);
  });

  const runOne = async (req: FastifyRequest<{ Params: { ruleCode: string }; Body: unknown }>) => {
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Row) : {};
    return ok(await executeFillRule(ctx.db, str(req.params.ruleCode), body, { tenantId: tenantOf(req.user) }));
  };
  app.put('/sys/fillRule/executeRuleByCode/:ruleCode', runOne);
  app.post('/sys/fillRule/executeRuleByCode/:ruleCode', runOne);

  const runBatch = async (req: FastifyRequest<{ Body: unknown }>) => {
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Row;
    const rules = Array.isArray(body.rules) ? (body.rules as Row[]) : [];
    if (!rules.length) throw new BizError(RULE_TEXT.batchRulesRequired);
    const formData = (body.commonFormData && typeof body.commonFormData === 'object' ? body.commonFormData : {}) as Row;
    const out: Row[] = [];
    for (const r of rules) {
      const ruleCode = str(r?.ruleCode);
      out.push({
        ruleCode,
        fieldName: r?.fieldName ?? null,
        result: await executeFillRule(ctx.db, ruleCode, formData, { tenantId: tenantOf(req.user) }),
      });
    }
    return ok(out);
  };
  app.put('/sys/fillRule/executeRuleByCodeBatch', runBatch);
  app.post('/sys/fillRule/executeRuleByCodeBatch', runBatch);

  app.get('/sys/fillRule/testFillRule', async (req: FastifyRequest<{ Querystring: { ruleCode?: string; id?: string } }>) => {
    await ctx.perms.assertMenu(req.user, FILL_RULE_SCREEN.menu);
    await ctx.perms.assertButton(req.user, `${FILL_RULE_SCREEN.authPre}:test`);
    let code = str(req.query.ruleCode);
    if (!code && str(req.query.id)) {
      const rule = await ctx.db.selectFrom('sys_fill_rule').select('rule_code').where('id', '=', str(req.query.id)).executeTakeFirst();
      code = rule?.rule_code ?? '';
    }
    if (!code) throw new BizError(RULE_TEXT.codeMissing);
    const value = await executeFillRule(ctx.db, code, {}, { preview: true, tenantId: tenantOf(req.user) });
    return ok(value, RULE_TEXT.nextValue(value));
  });

  app.get('/sys/fillRule/ruleClasses', async (req) => {
    await ctx.perms.assertMenu(req.user, FILL_RULE_SCREEN.menu);
    return ok(fillRuleClassOptions());
  });
}
