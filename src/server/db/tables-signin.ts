import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Audit } from './tables.js';

/** Kysely table types of the sign-in paths: tokens, captchas, SMS codes, third-party accounts, tickets; times in epoch ms (migrations 001, 005, 007, 015, 017, 018). */

export interface SysSmsCodeTable {
  id: string;
  mobile: string;
  /** '0' login, '1' register, '2' forgotten password (api-contract §2.1) */
  sms_mode: string;
  code_hash: string;
  ip: string | null;
  attempts: Generated<number>;
  used: Generated<number>;
  created_at: ColumnType<number | string, number, number | string>;
  expire_at: ColumnType<number | string, number, number | string>;
}
/** A selected row of SysSmsCodeTable. */
export type SysSmsCode = Selectable<SysSmsCodeTable>;

export interface SysThirdAccountTable extends Audit {
  id: string;
  sys_user_id: string | null;
  avatar: string | null;
  status: Generated<number | null>;
  del_flag: Generated<number | null>;
  realname: string | null;
  third_user_uuid: string;
  third_user_id: string | null;
  third_type: string;
  tenant_id: Generated<number | null>;
}
/** A selected row of SysThirdAccountTable. */
export type SysThirdAccount = Selectable<SysThirdAccountTable>;

declare module './tables.js' {
  interface Database {
    sys_user_token: { id: string; user_id: string; username: string; ip: string | null; create_time: string; last_active: string };
    /** migration 015: login captchas (epoch ms) */
    sys_captcha: { check_key: string; code: string; expire_at: ColumnType<number, number, number> };
    sys_rate_limit: { rate_key: string; hits: number; reset_at: ColumnType<number, number, number> };
    sys_sms_code: SysSmsCodeTable;
    sys_third_account: SysThirdAccountTable;
    sys_oauth2_flow: {
      state: string;
      source: string;
      nonce: string;
      code_verifier: string;
      redirect: string | null;
      expire_at: ColumnType<number | string, number, number | string>;
    };
    sys_login_ticket: { id: string; user_id: string; third_type: string; expire_at: number | string };
    /** migration 007: CAS service tickets already presented (hash), single use */
    sys_cas_ticket: { id: string; used_at: number | string };
    /** migration 016: wrong passwords per (account, client IP); lock_until epoch ms */
    sys_login_failure: { username: string; ip: string; fail_count: number; lock_until: number | null };
  }
}
