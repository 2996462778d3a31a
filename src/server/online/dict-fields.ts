import type { ScreenField } from '../../shared/generated/screen-schema.js';

/**
 * The dictionary a field's values translate through for `<column>_dictText`: its own dictCode,
 * or the system picker dictionary of sel_user (username → realname) and sel_depart (id or
 * orgCode → department name). Undefined when the field has none.
 */
export function translationDict(f: ScreenField): string | undefined {
  if (f.dictCode) return f.dictCode;
  if (f.widget === 'sel_user') return f.extend?.store === 'id' ? 'sys_user,realname,id' : 'sys_user,realname,username';
  if (f.widget === 'sel_depart') return f.extend?.store === 'orgCode' ? 'sys_depart,depart_name,org_code' : 'sys_depart,depart_name,id';
  return undefined;
}
