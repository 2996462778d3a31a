import type { Audit } from './tables.js';

/** Kysely table types of the online form designer: heads, fields, indexes, buttons, enhancements, history (migration 013). */

export interface OnlCgformHead extends Audit {
  id: string;
  table_name: string;
  table_type: number;
  table_version: number;
  table_txt: string;
  is_checkbox: string | null;
  is_db_synch: string;
  is_page: string | null;
  is_tree: string | null;
  id_sequence: string | null;
  id_type: string | null;
  query_mode: string | null;
  relation_type: number | null;
  sub_table_str: string | null;
  tab_order_num: number | null;
  tree_parent_id_field: string | null;
  tree_id_field: string | null;
  tree_fieldname: string | null;
  form_category: string | null;
  form_template: string | null;
  theme_template: string | null;
  form_template_mobile: string | null;
  ext_config_json: string | null;
  copy_type: number;
  copy_version: number | null;
  physic_id: string | null;
  scroll: number | null;
  is_des_form: string | null;
  des_form_code: string | null;
}

export interface OnlCgformField extends Audit {
  id: string;
  cgform_head_id: string;
  db_field_name: string;
  db_field_txt: string | null;
  db_field_name_old: string | null;
  db_is_key: number | null;
  db_is_null: number | null;
  db_is_persist: number | null;
  db_type: string;
  db_length: number | null;
  db_point_length: number | null;
  db_default_val: string | null;
  dict_field: string | null;
  dict_table: string | null;
  dict_text: string | null;
  field_show_type: string | null;
  field_href: string | null;
  field_length: number | null;
  field_valid_type: string | null;
  field_must_input: string | null;
  field_extend_json: string | null;
  field_default_value: string | null;
  is_query: number | null;
  is_show_form: number | null;
  is_show_list: number | null;
  is_read_only: number | null;
  query_mode: string | null;
  /** migration 020 */
  query_def_val: string | null;
  /** 查询配置 on ('1') with its widget (schema `queryWidget`), migration 021. */
  query_config_flag: string | null;
  query_show_type: string | null;
  main_table: string | null;
  main_field: string | null;
  order_num: number | null;
  sort_flag: string | null;
  converter: string | null;
  field_config_json: string | null;
}

export interface OnlCgformIndex extends Audit {
  id: string;
  cgform_head_id: string;
  index_name: string | null;
  index_field: string | null;
  index_type: string | null;
  is_db_synch: string | null;
  del_flag: number | null;
}

export interface OnlCgformButton {
  id: string;
  cgform_head_id: string;
  button_code: string | null;
  button_name: string | null;
  button_icon: string | null;
  button_style: string | null;
  opt_type: string | null;
  exp: string | null;
  button_status: string | null;
  opt_position: string | null;
  order_num: number | null;
}

export interface OnlCgformEnhanceJs extends Audit {
  id: string;
  cgform_head_id: string;
  cg_js_type: string;
  cg_js: string | null;
  content: string | null;
}

export interface OnlCgformHeadHistory {
  id: string;
  cgform_head_id: string;
  table_version: number;
  schema_json: string;
  create_by: string | null;
  create_time: string | null;
}

declare module './tables.js' {
  interface Database {
    onl_cgform_head: OnlCgformHead;
    onl_cgform_field: OnlCgformField;
    onl_cgform_index: OnlCgformIndex;
    onl_cgform_button: OnlCgformButton;
    onl_cgform_enhance_js: OnlCgformEnhanceJs;
    onl_cgform_head_history: OnlCgformHeadHistory;
  }
}
