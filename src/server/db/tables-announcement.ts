import type { Generated, Selectable } from 'kysely';
import type { Audit } from './tables.js';

/** Kysely table types of announcements and their recipients (migration 003). */

/** sys_announcement (migration 003, api-contract §5.6): `titile` is JeecgBoot's spelling. */
export interface SysAnnouncementTable extends Audit {
  id: string;
  titile: string | null;
  msg_content: string | null;
  start_time: string | null;
  end_time: string | null;
  sender: string | null;
  priority: string | null;
  msg_category: Generated<string | null>;
  msg_type: Generated<string | null>;
  send_status: Generated<string | null>;
  send_time: string | null;
  cancel_time: string | null;
  del_flag: Generated<string | null>;
  bus_type: string | null;
  bus_id: string | null;
  open_type: string | null;
  open_page: string | null;
  user_ids: string | null;
  msg_abstract: string | null;
  dt_task_id: string | null;
  tenant_id: Generated<number | null>;
}
/** A selected row of SysAnnouncementTable. */
export type SysAnnouncement = Selectable<SysAnnouncementTable>;

/** sys_announcement_send (migration 003): one row per recipient, read_flag '0' unread / '1' read. */
export interface SysAnnouncementSendTable extends Audit {
  id: string;
  annt_id: string;
  user_id: string;
  read_flag: Generated<string | null>;
  read_time: string | null;
}
/** A selected row of SysAnnouncementSendTable. */
export type SysAnnouncementSend = Selectable<SysAnnouncementSendTable>;

declare module './tables.js' {
  interface Database {
    sys_announcement: SysAnnouncementTable;
    sys_announcement_send: SysAnnouncementSendTable;
  }
}
