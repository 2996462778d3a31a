import { sql, type Kysely } from 'kysely';

/**
 * Tables of the further sign-in paths (spec 7.1, api-contract §2):
 * - `sys_sms_code`: SMS codes sent by /sys/sms (only a hash is kept), their purpose (`sms_mode`
 *   '0' login, '1' register, '2' forgotten password), attempts, use and expiry; also the
 *   history the per-mobile and per-IP send limits count.
 * - `sys_third_account`: links a third-party (OAuth2/OpenID Connect) account — `third_type` +
 *   `third_user_uuid` (the provider's `sub`) — to a local user (JeecgBoot's table and columns).
 * - `sys_oauth2_flow`: one row per started authorization-code flow (state, nonce, PKCE
 *   verifier), consumed by the callback.
 * - `sys_login_ticket`: one-time tickets the callback hands to the browser; exchanged once for a
 *   session by /sys/thirdLogin/getLoginUser/{ticket}/{thirdType} (only a hash is kept).
 * Times are epoch milliseconds (bigint), free of time-zone conversions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table sys_sms_code (
      id varchar(36) primary key, mobile varchar(32) not null, sms_mode varchar(2) not null,
      code_hash varchar(128) not null, ip varchar(100), attempts int not null default 0,
      used int not null default 0, created_at bigint not null, expire_at bigint not null)`,
    `create index idx_ssc_mobile on sys_sms_code(mobile, created_at)`,
    `create index idx_ssc_ip on sys_sms_code(ip, created_at)`,
    `create table sys_third_account (
      id varchar(36) primary key, sys_user_id varchar(36), avatar varchar(255), status int default 1,
      del_flag int default 0, realname varchar(100), third_user_uuid varchar(255) not null,
      third_user_id varchar(255), third_type varchar(50) not null, tenant_id int default 0,
      create_by varchar(50), create_time timestamp(0), update_by varchar(50), update_time timestamp(0))`,
    `create unique index uk_sta_type_uuid on sys_third_account(third_type, third_user_uuid)`,
    `create table sys_oauth2_flow (
      state varchar(128) primary key, source varchar(50) not null, nonce varchar(128) not null,
      code_verifier varchar(128) not null, redirect varchar(500), expire_at bigint not null)`,
    `create table sys_login_ticket (
      id varchar(128) primary key, user_id varchar(36) not null, third_type varchar(50) not null,
      expire_at bigint not null)`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
