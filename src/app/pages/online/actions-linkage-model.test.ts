import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScreenSchema } from '../../../shared/generated/screen-schema';
import { fromLinkRows, toLinkRows, withWorkflow } from './actions-linkage-model';

const root = path.resolve(__dirname, '../../../..');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as ScreenSchema;

describe('the designer grids of linkage and status actions', () => {
  it.each([
    'schemas/oa/oa_seal.json',
    'schemas/oa/oa_tax_withhold.json',
    'schemas/pm/pm_change_record.json',
    'schemas/business/biz_qualification.json',
  ])('unchanged when read into the grids and written back: %s', (file) => {
    const screen = read(file);
    const rows = toLinkRows(screen);
    expect(rows.length).toBeGreaterThan(0);
    const wf = screen.workflow;
    const back = withWorkflow(
      fromLinkRows(screen, rows),
      { statusField: wf?.statusField, ownerField: wf?.ownerField, editableStates: wf?.editableStates },
      wf?.actions ?? [],
    );
    expect(back).toStrictEqual(screen);
  });

  it('writes show / require / set rows as linkage entries; refuses incomplete rows and actions without a status field', () => {
    const screen: ScreenSchema = {
      id: 't',
      title: 'T',
      tableName: 't',
      tableType: 'single',
      template: 'normal',
      authPre: 't',
      fields: [
        { name: 'kind', title: '类型', widget: 'input', dbType: 'string' },
        { name: 'proof', title: '证明', widget: 'input', dbType: 'string' },
      ],
    };
    const out = fromLinkRows(screen, [
      { target: 'proof', whenField: 'kind', op: 'in', value: '2, 3', effect: 'showRequire' },
      { target: 'proof', whenField: 'kind', op: 'eq', value: '4', effect: 'value', setValue: '无' },
    ]);
    expect(out.fields[1].linkage).toEqual([
      { when: { field: 'kind', op: 'in', value: ['2', '3'] }, then: { visible: true, required: true } },
      { when: { field: 'kind', op: 'eq', value: '4' }, then: { value: '无' } },
    ]);
    expect(() => fromLinkRows(screen, [{ target: 'proof', whenField: '', op: 'eq', effect: 'show' }])).toThrow(
      '请为每条联动选择字段和条件字段',
    );
    expect(() => withWorkflow(screen, {}, [{ code: 'a', label: 'A', from: ['0'], to: '1', permission: 'a' }])).toThrow('请选择状态字段');
    expect(
      withWorkflow(
        { ...screen, workflow: { statusField: 'kind', actions: [{ code: 'a', label: 'A', from: ['0'], to: '1', permission: 'a' }] } },
        {},
        [],
      ),
    ).toStrictEqual(screen);
  });
});
