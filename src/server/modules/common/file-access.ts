import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../auth/token-service.js';
import { canReadScreen, screenRowScope } from '../../online/read-scope.js';
import { formatDateTime } from '../../../shared/time.js';
import { toColumn } from '../../../shared/columns.js';
import type { Db } from '../../db/connection.js';

/**
 * Upload folders anyone may read (by their unguessable names): avatars and the images embedded
 * in rich text (announcements, markdown and editor fields), whose stored HTML links them directly.
 */
export const PUBLIC_FOLDERS = new Set(['avatar', 'jeditor']);

/** The field widgets that store file paths (one path or a comma list). */
const FILE_WIDGETS = new Set(['image', 'file', 'upload']);

/** Records `user` as the uploader of the stored file `rel` (the uploader may read it before any record references it). */
export async function recordFileOwner(db: Db, rel: string, userId: string): Promise<void> {
  await db
    .insertInto('sys_file_owner')
    .values({ path: rel, user_id: userId, create_time: formatDateTime() })
    .onConflict((oc) => oc.column('path').doNothing())
    .execute();
}

/**
 * Whether the stored file `rel` may be served (spec 7.3 files): a file of a public folder to
 * anyone; otherwise only to a session user (from a file key) who uploaded it, or who may read a
 * record referencing it: a row of a screen whose menu the user holds, within the screen's list
 * scope (tenant, data rules, a sub row's main row), whose file/image field holds `rel`.
 */
export async function canReadFile(ctx: AppContext, rel: string, user: SessionUser | null): Promise<boolean> {
  if (PUBLIC_FOLDERS.has(rel.split('/')[0])) return true;
  if (!user) return false;
  const own = await ctx.db
    .selectFrom('sys_file_owner')
    .select('path')
    .where('path', '=', rel)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (own) return true;
  for (const loaded of ctx.screens.list()) {
    const columns = loaded.screen.fields
      .filter((f) => FILE_WIDGETS.has(f.widget ?? ''))
      .map((f) => toColumn(f.name))
      .filter((c) => loaded.columns.includes(c));
    if (!columns.length || !(await canReadScreen(ctx, user, loaded))) continue;
    const holds = columns.map((c) => sql`strpos(',' || coalesce(${sql.ref(c)}, '') || ',', ${`,${rel},`}) > 0`);
    const conds = [sql`(${sql.join(holds, sql` or `)})`, ...(await screenRowScope(ctx, user, loaded))];
    const hit = await sql`select 1 from ${sql.table(loaded.screen.tableName)} where ${sql.join(conds, sql` and `)} limit 1`.execute(ctx.db);
    if (hit.rows.length) return true;
  }
  return false;
}
