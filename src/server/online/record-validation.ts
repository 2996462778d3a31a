import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { BizError } from '../http/envelope.js';
import type { ScreenField } from '../../shared/generated/screen-schema.js';
import { toColumn } from '../../shared/columns.js';
import type { LoadedScreen } from './screen-registry.js';
import { checkValueSchema } from './value-validator.js';
import { fieldValidation, validateFieldValue } from '../../shared/field-validation.js';
import { linkageState } from '../../shared/linkage.js';
import { sanitizeRichText } from '../http/sanitize.js';

type Row = Record<string, unknown>;

/** Empty as a submitted value: undefined, null or ''. */
export const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Normalises a submitted value for its column: '' → null, numeric strings → numbers. */
export function normalise(f: ScreenField, v: unknown): unknown {
  if (isEmpty(v)) return null;
  // rich text is stored sanitised, so it is safe wherever it is shown later
  if (f.widget === 'umeditor' && typeof v === 'string') return sanitizeRichText(v);
  if (
    (f.dbType === 'int' || f.dbType === 'double' || f.dbType === 'BigDecimal') &&
    typeof v === 'string' &&
    v.trim() !== '' &&
    Number.isFinite(Number(v))
  )
    return Number(v);
  if (Array.isArray(v)) return v.join(',');
  if (typeof v === 'boolean') return v ? 'Y' : 'N';
  return v;
}

/** Writable fields of a request body: known fields, not read-only, not disabled for the user; values normalised. */
export function pickValues(loaded: LoadedScreen, body: Row, disabled: Set<string>): Map<ScreenField, unknown> {
  const out = new Map<ScreenField, unknown>();
  for (const f of loaded.screen.fields) {
    const col = toColumn(f.name);
    // a field without a column (persist false) reaches only the hooks, through the body
    if (f.persist === false || f.readOnly || disabled.has(f.name) || disabled.has(col)) continue;
    if (Object.prototype.hasOwnProperty.call(body, col)) out.set(f, normalise(f, body[col]));
    else if (Object.prototype.hasOwnProperty.call(body, f.name)) out.set(f, normalise(f, body[f.name]));
  }
  return out;
}

/**
 * Checks the values a write sets (`existing`: the stored row of an edit, null for a new row)
 * with the rules the form uses (spec 5.1/5.4: required, rule codes, storage limits, the
 * widget's value schema; linkage may hide a field or make it required). Throws BizError with
 * up to three messages joined by '；'. The one validation step of every record write.
 */
export function validateRecord(loaded: LoadedScreen, values: Map<ScreenField, unknown>, existing: Row | null): void {
  const problems: string[] = [];
  const byName = new Map(loaded.screen.fields.map((f) => [f.name, f]));
  const current = (f: ScreenField | undefined) => (!f ? undefined : values.has(f) ? values.get(f) : existing?.[toColumn(f.name)]);
  for (const f of loaded.screen.fields) {
    // a computed value is the server's own (compute), never checked like input
    if (f.persist === false || (f.compute && f.readOnly)) continue;
    // a field hidden by linkage is not checked; required may follow it
    const link = f.linkage?.length ? linkageState(f, (name) => current(byName.get(name))) : null;
    if (link && !link.visible) continue;
    const required = link ? link.required : !!f.required;
    const provided = values.has(f);
    const value = current(f);
    if (!provided && !(required && isEmpty(value))) continue;
    // the shared field pipeline decides (the form's and the table's messages, spec 5.1/5.4);
    // the widget's value schema then checks the shape. A JSON object is refused by the value
    // schema first: it is no field value at all.
    const schemaMsg = () => (provided ? checkValueSchema(f, value) : null);
    const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
    const msg = (isObject ? schemaMsg() : null) ?? validateFieldValue(f, value, { required }) ?? schemaMsg();
    if (msg) problems.push(msg);
  }
  if (problems.length) throw new BizError(problems.slice(0, 3).join('；'));
}

const duplicateMessage = (f: ScreenField, v: unknown) => `${f.title}「${String(v)}」已存在，该值不可用，系统中已存在！`;

/** The tenant condition of a unique check: `tenant` null (a table without tenants) adds none. */
const inTenant = (tenant: number | null) => (tenant === null ? sql`` : sql`and tenant_id = ${tenant}`);

/**
 * Refuses (BizError) a unique field's value another row (not `id`) already holds — within the
 * tenant `tenant` the row is written in (null: a table without tenants, the whole table). Runs on `trx`.
 */
export async function assertUnique(
  trx: Db,
  loaded: LoadedScreen,
  values: Map<ScreenField, unknown>,
  id: string | null,
  tenant: number | null,
): Promise<void> {
  for (const [f, v] of values) {
    if (!fieldValidation(f).unique || isEmpty(v)) continue;
    const col = toColumn(f.name);
    const found = (
      await sql<{
        id: string;
      }>`select id from ${sql.table(loaded.screen.tableName)} where ${sql.ref(col)} = ${v} ${id ? sql`and id <> ${id}` : sql``} ${inTenant(tenant)} limit 1`.execute(
        trx,
      )
    ).rows[0];
    if (found) throw new BizError(duplicateMessage(f, v));
  }
}

/**
 * Refuses (BizError) new rows whose unique field's value the table already holds (within the
 * tenant `tenant`, as {@link assertUnique}), in chunks of 1,000. Runs on `trx`.
 */
export async function assertUniqueRows(trx: Db, loaded: LoadedScreen, rows: readonly Row[], tenant: number | null): Promise<void> {
  for (const f of loaded.screen.fields) {
    if (!fieldValidation(f).unique) continue;
    const col = toColumn(f.name);
    const values = rows.map((r) => r[col]).filter((v) => !isEmpty(v));
    for (let i = 0; i < values.length; i += 1000) {
      const clash = (
        await sql<{
          v: unknown;
        }>`select ${sql.ref(col)} as v from ${sql.table(loaded.screen.tableName)} where ${sql.ref(col)} in (${sql.join(values.slice(i, i + 1000))}) ${inTenant(tenant)} limit 1`.execute(
          trx,
        )
      ).rows[0];
      if (clash) throw new BizError(duplicateMessage(f, clash.v));
    }
  }
}
