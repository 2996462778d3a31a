import { sql, type Kysely } from 'kysely';

const audit = `create_by varchar(50), create_time timestamp(0), update_by varchar(50), update_time timestamp(0)`;

/**
 * Online reports (api-contract §8): JeecgBoot's onl_cgreport_head / _item /
 * _param with their column names. `perms` (ours) is the menu url a user must hold to read the
 * report (empty: any signed-in user, as popup pickers); `source_hash` remembers which version
 * of the report file under schemas/reports/ was seeded, so an unedited report follows its file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table onl_cgreport_head (
      id varchar(36) primary key, code varchar(100) not null, name varchar(100) not null, cgr_sql text not null,
      db_source varchar(100), return_val_field varchar(100), return_txt_field varchar(100), return_type varchar(2),
      content varchar(1000), perms varchar(200), source_hash varchar(64), ${audit})`,
    `create unique index uniq_ocgh_code on onl_cgreport_head(code)`,
    `create table onl_cgreport_item (
      id varchar(36) primary key, cgrhead_id varchar(36) not null, field_name varchar(64) not null, field_txt varchar(100),
      field_width int, field_type varchar(10), search_mode varchar(10), is_order int default 0, is_search int default 0,
      dict_code varchar(500), field_href varchar(500), is_show int default 1, order_num int, replace_val varchar(200),
      is_total varchar(2), group_title varchar(50), ${audit})`,
    `create index idx_ocgi_head on onl_cgreport_item(cgrhead_id, order_num)`,
    `create table onl_cgreport_param (
      id varchar(36) primary key, cgrhead_id varchar(36) not null, param_name varchar(32) not null, param_txt varchar(32),
      param_value varchar(200), order_num int, ${audit})`,
    `create index idx_ocgp_head on onl_cgreport_param(cgrhead_id, order_num)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
