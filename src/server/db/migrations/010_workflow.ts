import { sql, type Kysely } from 'kysely';

const audit = `create_by varchar(50), create_time timestamp(0), update_by varchar(50), update_time timestamp(0)`;

/**
 * The workflow tables: process models (`wf_model`, the designer's drafts, one row per key),
 * their deployed versions (`wf_definition`, immutable), running and finished instances
 * (`wf_instance`, with the engine's saved state so any process can continue one), tasks
 * (`wf_task`), the approval history (`wf_history`: who did what when) and the built-in global
 * listeners (`wf_listener`, the listener editor's second tab).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create table wf_model (
      id varchar(36) primary key, model_key varchar(64) not null, name varchar(100) not null,
      category varchar(16) not null default '1', prefix varchar(16) not null default 'flowable',
      xml text, form_screen varchar(64), description varchar(500),
      status varchar(2) not null default '0', version integer not null default 0,
      del_flag smallint not null default 0, ${audit})`,
    `create unique index wf_model_key on wf_model (model_key) where del_flag = 0`,
    `create table wf_definition (
      id varchar(36) primary key, model_id varchar(36) not null, process_key varchar(64) not null,
      name varchar(100) not null, version integer not null, xml text not null, form_screen varchar(64),
      deploy_by varchar(50), deploy_time timestamp(0), unique (process_key, version))`,
    `create index wf_definition_screen on wf_definition (form_screen, version)`,
    `create table wf_instance (
      id varchar(36) primary key, definition_id varchar(36) not null, process_key varchar(64) not null,
      process_name varchar(100) not null, version integer not null, screen_id varchar(64) not null,
      record_id varchar(36) not null, title varchar(200), starter varchar(50) not null,
      status varchar(16) not null, state text, current_nodes varchar(1000),
      start_time timestamp(0) not null, end_time timestamp(0), tenant_id integer not null default 0,
      rev integer not null default 0)`,
    `create index wf_instance_record on wf_instance (screen_id, record_id)`,
    `create index wf_instance_starter on wf_instance (starter, start_time)`,
    `create table wf_task (
      id varchar(36) primary key, instance_id varchar(36) not null, execution_id varchar(120),
      element_id varchar(120) not null, element_name varchar(200), assignee varchar(50),
      candidate_users varchar(2000), candidate_groups varchar(2000), owner varchar(50),
      parent_task_id varchar(36), status varchar(16) not null default 'open', outcome varchar(16),
      comment varchar(1000), create_time timestamp(0) not null, end_time timestamp(0),
      tenant_id integer not null default 0)`,
    `create index wf_task_instance on wf_task (instance_id, status)`,
    `create index wf_task_assignee on wf_task (assignee, status)`,
    `create table wf_history (
      id varchar(36) primary key, instance_id varchar(36) not null, task_id varchar(36),
      element_id varchar(120), element_name varchar(200), action varchar(16) not null,
      username varchar(50) not null, realname varchar(100), comment varchar(1000),
      create_time timestamp(0) not null)`,
    `create index wf_history_instance on wf_history (instance_id, create_time)`,
    `create index wf_history_user on wf_history (username, create_time)`,
    `create table wf_listener (
      id varchar(36) primary key, listener_name varchar(100) not null, listener_event varchar(16) not null,
      listener_type varchar(32) not null, listener_value varchar(500) not null, state varchar(2) not null default '1', ${audit})`,
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
