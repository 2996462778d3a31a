import type { ScreenField } from '../../shared/generated/screen-schema.js';

/**
 * The dictionary a field's values translate through for `<column>_dictText`: its own dictCode,
 * the system picker dictionary of sel_user (username → realname) and sel_depart (id or orgCode →
 * department name), the tree dictionary of sel_tree (extend.dict), the table of a link_down
 * master (extend.linkDown: table,txt,key), the category names of cat_tree, and the user, role
 * and position names of the picker fields. Undefined when the field has none.
 */
export function translationDict(f: ScreenField): string | undefined {
  if (f.dictCode) return f.dictCode;
  if (f.widget === 'sel_tree' && f.extend?.dict) return f.extend.dict;
  if (f.widget === 'link_down' && f.extend?.linkDown) return `${f.extend.linkDown.table},${f.extend.linkDown.txt},${f.extend.linkDown.key}`;
  if (f.widget === 'cat_tree') return 'sys_category,name,id';
  if (f.widget === 'sel_multi_user') return 'sys_user,realname,username';
  if (f.widget === 'sel_role') return f.extend?.store === 'roleCode' ? 'sys_role,role_name,role_code' : 'sys_role,role_name,id';
  if (f.widget === 'sel_position') return 'sys_position,name,code';
  if (f.widget === 'sel_user') return f.extend?.store === 'id' ? 'sys_user,realname,id' : 'sys_user,realname,username';
  if (f.widget === 'sel_depart') return f.extend?.store === 'orgCode' ? 'sys_depart,depart_name,org_code' : 'sys_depart,depart_name,id';
  return undefined;
}
