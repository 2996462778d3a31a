import type { Audit } from './tables.js';

/** Kysely row types of the workflow tables (columns as in migrations/010_workflow.ts). */

export interface WfModel extends Audit {
  id: string;
  model_key: string;
  name: string;
  category: string;
  prefix: string;
  xml: string | null;
  form_screen: string | null;
  description: string | null;
  status: string;
  version: number;
  del_flag: number;
}

export interface WfDefinition {
  id: string;
  model_id: string;
  process_key: string;
  name: string;
  version: number;
  xml: string;
  form_screen: string | null;
  deploy_by: string | null;
  deploy_time: string | null;
}

export interface WfInstance {
  id: string;
  definition_id: string;
  process_key: string;
  process_name: string;
  version: number;
  screen_id: string;
  record_id: string;
  title: string | null;
  starter: string;
  status: string;
  state: string | null;
  current_nodes: string | null;
  start_time: string;
  end_time: string | null;
  tenant_id: number;
  rev: number;
}

export interface WfTask {
  id: string;
  instance_id: string;
  execution_id: string | null;
  element_id: string;
  element_name: string | null;
  assignee: string | null;
  candidate_users: string | null;
  candidate_groups: string | null;
  owner: string | null;
  parent_task_id: string | null;
  status: string;
  outcome: string | null;
  comment: string | null;
  create_time: string;
  end_time: string | null;
  tenant_id: number;
}

export interface WfHistory {
  id: string;
  instance_id: string;
  task_id: string | null;
  element_id: string | null;
  element_name: string | null;
  action: string;
  username: string;
  realname: string | null;
  comment: string | null;
  create_time: string;
}

export interface WfListener extends Audit {
  id: string;
  listener_name: string;
  listener_event: string;
  listener_type: string;
  listener_value: string;
  state: string;
}

declare module './tables.js' {
  interface Database {
    wf_model: WfModel;
    wf_definition: WfDefinition;
    wf_instance: WfInstance;
    wf_task: WfTask;
    wf_history: WfHistory;
    wf_listener: WfListener;
  }
}
