import type { SystemPage } from '../../seed/system-menus.js';

/** Menu urls and button prefixes of the workflow pages (工作流 directory). */
export const WF_MENU = {
  model: { url: '/workflow/model', authPre: 'workflow:model' },
  designer: { url: '/workflow/designer', authPre: 'workflow:designer' },
  todo: { url: '/workflow/todo', authPre: 'workflow:task' },
  done: { url: '/workflow/done', authPre: 'workflow:done' },
  mine: { url: '/workflow/mine', authPre: 'workflow:mine' },
} as const;

/** Pages every role holds (the task screens), by url. */
export const WF_TASK_PAGE_URLS: readonly string[] = [WF_MENU.todo.url, WF_MENU.done.url, WF_MENU.mine.url];

/**
 * The 工作流 pages (custom client pages under src/app/pages/workflow/): 流程模型 and 流程设计 for
 * the administrators; 我的待办, 我的已办 and 我发起的 for everyone. syncMenus creates them with
 * their buttons (granted to the admin role); the first start grants the task pages to every role.
 */
export const WORKFLOW_PAGES: readonly (SystemPage & { parent: string })[] = [
  {
    parent: 'workflow',
    name: '流程模型',
    url: WF_MENU.model.url,
    component: 'workflow/ProcessModelList',
    icon: 'partition',
    sortNo: 1,
    authPre: WF_MENU.model.authPre,
    buttons: [
      { action: 'add', name: '新建' },
      { action: 'edit', name: '设计' },
      { action: 'copy', name: '复制' },
      { action: 'deploy', name: '部署' },
      { action: 'delete', name: '删除' },
    ],
  },
  {
    parent: 'workflow',
    name: '流程设计',
    url: WF_MENU.designer.url,
    component: 'workflow/ProcessDesigner',
    icon: 'apartment',
    sortNo: 2,
    authPre: WF_MENU.designer.authPre,
    buttons: [],
  },
  {
    parent: 'workflow',
    name: '我的待办',
    url: WF_MENU.todo.url,
    component: 'workflow/TodoList',
    icon: 'schedule',
    sortNo: 3,
    authPre: WF_MENU.todo.authPre,
    buttons: [
      { action: 'approve', name: '同意' },
      { action: 'reject', name: '驳回' },
      { action: 'claim', name: '签收' },
      { action: 'transfer', name: '转办' },
      { action: 'add_sign', name: '加签' },
    ],
  },
  {
    parent: 'workflow',
    name: '我的已办',
    url: WF_MENU.done.url,
    component: 'workflow/DoneList',
    icon: 'check-square',
    sortNo: 4,
    authPre: WF_MENU.done.authPre,
    buttons: [],
  },
  {
    parent: 'workflow',
    name: '我发起的',
    url: WF_MENU.mine.url,
    component: 'workflow/MyProcessList',
    icon: 'send',
    sortNo: 5,
    authPre: WF_MENU.mine.authPre,
    buttons: [
      { action: 'withdraw', name: '撤回' },
      { action: 'void', name: '作废' },
    ],
  },
];
