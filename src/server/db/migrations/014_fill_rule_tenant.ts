import { sql, type Kysely } from 'kysely';

/**
 * Document numbers count per tenant: the fill-rule counters (`sys_fill_rule_seq`) gain the
 * tenant they number for (existing counters: tenant 0, no tenant), and the key becomes
 * (rule_code, tenant_id, period), so two tenants both start at 0001 and never see each other's
 * volume.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `alter table sys_fill_rule_seq add column tenant_id int not null default 0`,
    `alter table sys_fill_rule_seq drop constraint sys_fill_rule_seq_pkey`,
    `alter table sys_fill_rule_seq add primary key (rule_code, tenant_id, period)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
