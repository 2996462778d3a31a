import { sql } from 'kysely';
import type { ScreenHooks } from '../../online/screen-hooks.js';

/**
 * Tenant isolation of a business table (DESIGN.md: business tables are tenant-aware; the
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
