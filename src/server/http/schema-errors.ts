import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

const TYPE_TEXT: Record<string, string> = {
  string: '文本',
  number: '数字',
  integer: '整数',
  boolean: '布尔值',
  object: '对象',
  array: '数组',
};

/** The Chinese text of one ajv error, naming the field (`pageSize`, `body.roleId` …). */
function describe(e: FastifySchemaValidationError, where: string): string {
  const path = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const p = e.params as Record<string, unknown>;
  const field = e.keyword === 'required' ? [path, String(p.missingProperty)].filter(Boolean).join('.') : path || where;
  switch (e.keyword) {
    case 'required':
      return `缺少 ${field}`;
    case 'type':
      return `${field} 应为${[p.type]
        .flat()
        .map((t) => TYPE_TEXT[String(t)] ?? String(t))
        .join('或')}`;
    case 'maxLength':
      return `${field} 长度不能超过 ${String(p.limit)}`;
    case 'minLength':
      return `${field} 长度不能少于 ${String(p.limit)}`;
    case 'pattern':
    case 'format':
      return `${field} 格式不正确`;
    case 'enum':
      return `${field} 不是允许的值`;
    case 'maximum':
      return `${field} 不能大于 ${String(p.limit)}`;
    case 'minimum':
      return `${field} 不能小于 ${String(p.limit)}`;
    case 'additionalProperties':
      return `不支持的参数 ${String(p.additionalProperty)}`;
    default:
      return `${field} 不正确`;
  }
}

/**
 * Fastify's schemaErrorFormatter: a refused request's message in Chinese, naming the field
 * (the error handler answers it HTTP 200, success false, code 500, `请求参数不正确：…`). A body
 * that is not a JSON object is `请求数据格式不正确`, as the handlers' own check says.
 */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0];
  if (dataVar === 'body' && first && !first.instancePath && first.keyword === 'type') {
    const err = new Error('请求数据格式不正确') as Error & { bodyShape?: true };
    err.bodyShape = true;
    return err;
  }
  const where = dataVar === 'querystring' ? '查询参数' : dataVar === 'params' ? '路径参数' : dataVar === 'body' ? '请求数据' : dataVar;
  return new Error(
    errors
      .slice(0, 3)
      .map((e) => describe(e, where))
      .join('；'),
  );
}
