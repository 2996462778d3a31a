import { sql, type Kysely } from 'kysely';

const audit = `create_by varchar(50), create_time timestamp(0), update_by varchar(50), update_time timestamp(0)`;

/**
 * Authored screens (the online form designer, api-contract §7.1): JeecgBoot's onl_cgform_head /
 * _field / _index / _button / _enhance_js with their column names. Columns left null mean "not
 * set" (the screen schema's defaults apply). Ours: `ext_config_json` and `field_config_json`
 * carry the screen-schema settings JeecgBoot has no column for, so a schema maps to rows and
 * back unchanged; onl_cgform_head_history keeps every replaced version of a screen with its
 * author and time; onl_cgform_enhance_js keeps the last entries per code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table onl_cgform_head (
      id varchar(64) primary key, table_name varchar(100) not null, table_type int not null, table_version int not null default 1,
      table_txt varchar(200) not null, is_checkbox varchar(5), is_db_synch varchar(20) not null default 'N', is_page varchar(5),
      is_tree varchar(5), id_sequence varchar(200), id_type varchar(100), query_mode varchar(10), relation_type int,
      sub_table_str varchar(1000), tab_order_num int, tree_parent_id_field varchar(50), tree_id_field varchar(50),
      tree_fieldname varchar(50), form_category varchar(50), form_template varchar(50), theme_template varchar(50),
      form_template_mobile varchar(50), ext_config_json text, copy_type int not null default 0, copy_version int,
      physic_id varchar(64), scroll int, is_des_form varchar(2), des_form_code varchar(50), ${audit})`,
    // a copy as a view (copy_type 1) shares its physical form's table name
    `create unique index uniq_ocgh_table_name on onl_cgform_head(table_name) where copy_type = 0`,
    `create table onl_cgform_field (
      id varchar(36) primary key, cgform_head_id varchar(64) not null, db_field_name varchar(64) not null,
      db_field_txt varchar(200), db_field_name_old varchar(64), db_is_key int, db_is_null int, db_is_persist int,
      db_type varchar(32) not null, db_length int, db_point_length int, db_default_val varchar(200),
      dict_field varchar(500), dict_table varchar(500), dict_text varchar(500), field_show_type varchar(32),
      field_href varchar(500), field_length int, field_valid_type varchar(500), field_must_input varchar(2),
      field_extend_json text, field_default_value varchar(500), is_query int, is_show_form int, is_show_list int,
      is_read_only int, query_mode varchar(10), main_table varchar(100), main_field varchar(100), order_num int,
      sort_flag varchar(2), converter varchar(255), field_config_json text, ${audit})`,
    `create index idx_ocgf_head on onl_cgform_field(cgform_head_id, order_num)`,
    `create table onl_cgform_index (
      id varchar(36) primary key, cgform_head_id varchar(64) not null, index_name varchar(100), index_field varchar(500),
      index_type varchar(32), is_db_synch varchar(2), del_flag int default 0, ${audit})`,
    `create index idx_ocgi2_head on onl_cgform_index(cgform_head_id)`,
    `create table onl_cgform_button (
      id varchar(36) primary key, cgform_head_id varchar(64) not null, button_code varchar(50), button_name varchar(50),
      button_icon varchar(20), button_style varchar(20), opt_type varchar(20), exp varchar(2000), button_status varchar(2),
      opt_position varchar(3), order_num int)`,
    `create index idx_ocgb_head on onl_cgform_button(cgform_head_id, order_num)`,
    `create table onl_cgform_enhance_js (
      id varchar(36) primary key, cgform_head_id varchar(64) not null, cg_js_type varchar(20) not null, cg_js text,
      content varchar(1000), ${audit})`,
    `create index idx_ocgej_head on onl_cgform_enhance_js(cgform_head_id, cg_js_type, create_time)`,
    `create table onl_cgform_head_history (
      id varchar(36) primary key, cgform_head_id varchar(64) not null, table_version int not null, schema_json text not null,
      create_by varchar(50), create_time timestamp(0))`,
    `create index idx_ocghh_head on onl_cgform_head_history(cgform_head_id, table_version)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
