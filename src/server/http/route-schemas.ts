import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import type { FastifySchema, RouteOptions } from 'fastify';

/**
 * JSON Schemas of the API's requests (TypeBox, validated by Fastify's ajv before the handler;
 * published in the OpenAPI document). JeecgBoot clients send query values as strings and add
 * keys of their own (`_t`, column, order, filter fields…), so query and body objects accept
 * unknown keys; ids are strings.
 */

/** A record id as JeecgBoot sends it (a string; a number is read as its digits). */
export const IdText = Type.String({ maxLength: 64, description: 'record id' });
/** A comma list of ids (`ids=a,b,c`). */
export const IdListText = Type.String({ maxLength: 100_000, description: 'comma list of record ids' });
/** A query value: a short string (a repeated key, i.e. an array, is refused). */
const QueryText = (description: string, maxLength = 2_000) => Type.String({ maxLength, description });

/** The paging and sort keys of every list call (api-contract §1.7). A value that is not a number means the default page. */
export const listQueryProperties = {
  pageNo: Type.Optional(QueryText('page number, from 1 (default 1)', 20)),
  pageSize: Type.Optional(QueryText('rows per page (default 10; -521 = all rows in the online API)', 20)),
  column: Type.Optional(QueryText('sort property', 200)),
  order: Type.Optional(QueryText("sort direction 'asc' or 'desc'", 10)),
  _t: Type.Optional(QueryText('cache buster the client adds', 40)),
};

/** A query object: the given keys typed, any other key tolerated. */
export function queryOf(properties: TProperties = {}): TObject {
  return Type.Object(properties, { additionalProperties: true });
}

/** The query of a list call: paging, sort and `extra` filter keys, any other (filter) key tolerated. */
export function listQueryOf(extra: TProperties = {}): TObject {
  return queryOf({ ...listQueryProperties, ...extra });
}

/** A JSON object body: the given keys typed, any other key tolerated. */
export function objectBody(properties: TProperties = {}): TObject {
  return Type.Object(properties, { additionalProperties: true });
}

/**
 * The body of a POST or PUT route that declares none: a JSON object (any keys), or no body at
 * all (logout, readAll, a multipart upload whose parts the handler reads). An array, a string or a
 * number is refused before the handler (`请求数据格式不正确`).
 */
export const optionalObjectBody = Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()], {
  description: 'a JSON object, or no body',
});

/** The `?id=` query of queryById and delete calls. */
export const idQuery = queryOf({ id: Type.Optional(IdText) });
/** The `?ids=` query of deleteBatch calls. */
export const idsQuery = queryOf({ ids: Type.Optional(IdListText) });

/** Path parameters `:name` of a route url, each a string. */
function paramsOf(url: string): TObject | undefined {
  const names = [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  if (!names.length) return undefined;
  return Type.Object(Object.fromEntries(names.map((n) => [n, Type.String({ maxLength: 500 })])));
}

/**
 * Completes a route's schema (an onRoute step), so every route states each part of its request:
 * path parameters from its url when it declares none; for GET and DELETE a query object (paging,
 * sort and id keys typed, any other key tolerated) when it declares none; for POST and PUT an
 * optional JSON object body ({@link optionalObjectBody}) when it declares none.
 */
export function completeSchema(route: RouteOptions): void {
  const schema: FastifySchema = (route.schema ??= {});
  const params = paramsOf(route.url);
  if (params && !schema.params) schema.params = params;
  const methods = [route.method].flat();
  if (!schema.querystring && methods.some((m) => m === 'GET' || m === 'DELETE'))
    schema.querystring = queryOf({ ...listQueryProperties, id: Type.Optional(IdText), ids: Type.Optional(IdListText) });
  if (!schema.body && methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH')) schema.body = optionalObjectBody;
}
