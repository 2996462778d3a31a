import { sql, type RawBuilder } from 'kysely';
import type { ScreenHooks } from '../../online/screen-hooks.js';
import type { SessionUser } from '../auth/token-service.js';

/**
 * Tenant isolation of a business table (docs/architecture.md "Permission model": business tables are tenant-aware; the
 * engine gives every schema-owned table a `tenant_id int not null default 0`): list, detail,
 * edit, delete and export only reach rows of the request's tenant (`SessionUser.tenantId`, the
 * checked `tenant-id` header; none = 0), and a new row is written with it. Bound values only.
 */
export function tenantIsolationHooks(): ScreenHooks {
  return {
    listScope: ({ user }) => [sql`tenant_id = ${user.tenantId ?? 0}`],
    beforeWrite({ user, row, isNew }) {
      if (isNew) row.tenant_id = user.tenantId ?? 0;
      else delete row.tenant_id;
    },
  };
}

/** The request's tenant of a session (the checked `tenant-id` header); 0 = none. */
export function tenantOf(user: Pick<SessionUser, 'tenantId'>): number {
  return user.tenantId ?? 0;
}

/**
 * SQL condition "the row belongs to the request's tenant" for the system tables that carry a
 * nullable `tenant_id` (sys_role, sys_depart; docs/architecture.md "Permission model": departments and roles are
 * tenant-aware). Same rule as business tables: a tenant sees only its own rows, and tenant 0
 * (no tenant) sees only rows of tenant 0 — a null `tenant_id` (JeecgBoot data) counts as 0.
 * `column` is a column reference from code (e.g. `d.tenant_id`), never from a request.
 */
export function sameTenant(user: Pick<SessionUser, 'tenantId'>, column = 'tenant_id'): RawBuilder<boolean> {
  return sql<boolean>`coalesce(${sql.ref(column)}, 0) = ${tenantOf(user)}`;
}

/**
 * Tenant isolation of a migration-owned system screen with a nullable `tenant_id` (sys_role):
 * list, queryById, edit and delete reach only rows of {@link sameTenant}; add stamps the
 * request's tenant; edit never moves a row to another tenant.
 */
export function systemTenantHooks(): ScreenHooks {
  return {
    listScope: ({ user }) => [sameTenant(user)],
    beforeWrite({ user, row, isNew }) {
      if (isNew) row.tenant_id = tenantOf(user);
      else delete row.tenant_id;
    },
  };
}
