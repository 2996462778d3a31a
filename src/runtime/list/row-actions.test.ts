import { describe, expect, it } from 'vitest';
import { actionColumnWidth, heldRowActions, rowActionApplies, rowActionCall, rowEditable } from './row-actions.js';
import type { RowAction, ScreenSchema } from '../../shared/generated/screen-schema.js';

const pause: RowAction = { action: 'pause', title: '停止', url: '/sys/quartzJob/pause', whenField: 'status', whenValues: ['0'] };
const resume: RowAction = { action: 'resume', title: '启动', url: '/sys/quartzJob/resume', whenField: 'status', whenValues: ['-1'] };
const test: RowAction = { action: 'test', title: '测试连接', url: '/sys/dataSource/testConnection', method: 'post' };
const screen = { authPre: 'system:quartz_job', rowActions: [resume, pause, test] };

describe('schema row actions', () => {
  it('keeps the actions the user holds, in schema order; uncontrolled ones show to everyone', () => {
    const allAuth = [
      { action: 'system:quartz_job:resume', status: '1', type: '1' },
      { action: 'system:quartz_job:pause', status: '1', type: '1' },
    ];
    expect(heldRowActions(screen, { auth: [{ action: 'system:quartz_job:pause' }], allAuth }).map((a) => a.action)).toEqual([
      'pause',
      'test',
    ]);
    expect(heldRowActions(screen, { auth: [], allAuth }).map((a) => a.action)).toEqual(['test']);
  });

  it('shows an action only on rows whose field value is listed (column or property name)', () => {
    expect(rowActionApplies(pause, { status: 0 })).toBe(true);
    expect(rowActionApplies(pause, { status: -1 })).toBe(false);
    expect(rowActionApplies(resume, { status: -1 })).toBe(true);
    const release: RowAction = { action: 'release', title: '发布', url: '/x', whenField: 'sendStatus', whenValues: ['0', '2'] };
    expect(rowActionApplies(release, { send_status: '2' })).toBe(true);
    expect(rowActionApplies(release, { sendStatus: '1' })).toBe(false);
    expect(rowActionApplies(test, {})).toBe(true);
  });

  it('turns workflow status actions into row actions: state, holder and actor decide where they show', () => {
    const wfScreen: Pick<ScreenSchema, 'id' | 'authPre' | 'workflow'> = {
      id: 'oa_seal',
      authPre: 'oa:seal',
      workflow: {
        statusField: 'approvalStatus',
        ownerField: 'applicant',
        editableStates: ['0', '3'],
        actions: [
          { code: 'submit', label: '提交', from: ['0', '3'], to: '1', permission: 'submit', actor: 'owner' },
          { code: 'approve', label: '审批通过', from: ['1'], to: '2', permission: 'approve', actor: 'notOwner' },
        ],
      },
    };
    const allAuth = [
      { action: 'oa:seal:submit', status: '1', type: '1' },
      { action: 'oa:seal:approve', status: '1', type: '1' },
    ];
    const held = heldRowActions(wfScreen, { auth: [{ action: 'oa:seal:submit' }, { action: 'oa:seal:approve' }], allAuth });
    expect(held.map((a) => [a.title, a.url, a.method])).toEqual([
      ['提交', '/online/cgform/api/action/oa_seal/submit', 'post'],
      ['审批通过', '/online/cgform/api/action/oa_seal/approve', 'post'],
    ]);
    const [submit, approve] = held;
    expect(rowActionApplies(submit, { approval_status: '0', applicant: 'zhaomin' }, 'zhaomin')).toBe(true);
    expect(rowActionApplies(submit, { approval_status: '0', applicant: 'zhaomin' }, 'wuting')).toBe(false);
    expect(rowActionApplies(submit, { approval_status: '1', applicant: 'zhaomin' }, 'zhaomin')).toBe(false);
    expect(rowActionApplies(approve, { approval_status: '1', applicant: 'zhaomin' }, 'yanglei')).toBe(true);
    expect(rowActionApplies(approve, { approval_status: '1', applicant: 'zhaomin' }, 'zhaomin')).toBe(false);
    expect(heldRowActions(wfScreen, { auth: [], allAuth })).toEqual([]);
    expect(rowEditable(wfScreen, { approval_status: '1' })).toBe(false);
    expect(rowEditable(wfScreen, { approval_status: '3' })).toBe(true);
  });

  it('sends the row id as ?id= for GET and DELETE, as body {id} for PUT and POST', () => {
    expect(rowActionCall(pause, '7')).toEqual({ method: 'get', url: '/sys/quartzJob/pause', params: { id: '7' } });
    expect(rowActionCall(test, '7')).toEqual({ method: 'post', url: '/sys/dataSource/testConnection', body: { id: '7' } });
  });
});

describe('actionColumnWidth', () => {
  it('fits the links on one line, at least the usual 150 px', () => {
    expect(actionColumnWidth(['编辑', '详情'])).toBe(150);
    const wide = actionColumnWidth(['编辑', '详情', '删除', '启动', '执行一次']);
    // 12 characters of 14 px, four splits of 17 px, the cell's padding
    expect(wide).toBe(12 * 14 + 4 * 17 + 34);
    expect(actionColumnWidth(['编辑', '详情', '删除', '启动', '停止', '执行一次'])).toBeGreaterThan(wide);
  });
});
