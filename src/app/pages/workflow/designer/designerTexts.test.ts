import { describe, expect, it } from 'vitest';
import { BpmnModdle } from 'bpmn-moddle';
import { extensionDescriptor, prefixOf } from '../../../../shared/bpmn/extension-descriptor';
import { DESIGNER_T, importWarningLines, newDiagramXml, nextZoom } from './designerTexts';
import { translateZh } from './translate';

describe('designer zoom', () => {
  it('steps by 0.1 within 0.2–4 and answers the limit messages beyond', () => {
    expect(nextZoom(1, 1)).toEqual({ zoom: 1.1 });
    expect(nextZoom(1, -1)).toEqual({ zoom: 0.9 });
    expect(nextZoom(0.3, -1)).toEqual({ zoom: 0.2 });
    expect(nextZoom(0.2, -1)).toEqual({ message: DESIGNER_T.zoomMin });
    expect(nextZoom(3.9, 1)).toEqual({ zoom: 4 });
    expect(nextZoom(4, 1)).toEqual({ message: DESIGNER_T.zoomMax });
  });
});

describe('a new diagram', () => {
  it('is Process_ + timestamp named 业务流程_ + timestamp, executable, with the chosen prefix', async () => {
    for (const p of ['flowable', 'camunda', 'activiti'] as const) {
      const xml = newDiagramXml(p, { now: 1700000000000 });
      expect(prefixOf(xml)).toBe(p);
      const { rootElement, warnings } = await new BpmnModdle({ [p]: extensionDescriptor(p) } as never).fromXML(xml);
      expect(warnings).toEqual([]);
      expect(rootElement.rootElements[0]).toMatchObject({
        id: 'Process_1700000000000',
        name: '业务流程_1700000000000',
        isExecutable: true,
      });
    }
  });
});

describe('a new diagram of a model', () => {
  it('takes the model key as process id (the server refuses any other)', async () => {
    const xml = newDiagramXml('flowable', { key: 'oa_leave', now: 1700000000000 });
    const { rootElement, warnings } = await new BpmnModdle({ flowable: extensionDescriptor('flowable') } as never).fromXML(xml);
    expect(warnings).toEqual([]);
    expect(rootElement.rootElements[0]).toMatchObject({ id: 'oa_leave', name: '业务流程_1700000000000' });
    expect(rootElement.diagrams[0].plane.bpmnElement.id).toBe('oa_leave');
  });
});

describe('modeler texts', () => {
  it('are Chinese, with placeholders filled, and unknown texts kept', () => {
    expect(translateZh('Append task')).toBe('添加任务');
    expect(translateZh('Open {element}', { element: 'Task_1' })).toBe('打开 Task_1');
    expect(translateZh('Something new')).toBe('Something new');
  });
});

describe('import warnings', () => {
  it('name each skipped element once with its type, else the warning text; none for a clean import', () => {
    expect(importWarningLines(undefined)).toEqual([]);
    expect(importWarningLines([])).toEqual([]);
    expect(
      importWarningLines([
        { message: 'failed to import', element: { id: 'Flow_1', $type: 'bpmn:SequenceFlow' } },
        { message: 'again', element: { id: 'Flow_1', $type: 'bpmn:SequenceFlow' } },
        { message: 'unparsable content <foo> detected' },
        { element: { id: 'Task_9' } },
      ]),
    ).toEqual(['Flow_1（bpmn:SequenceFlow）', 'unparsable content <foo> detected', 'Task_9']);
  });
});
