import { NOT_AGAIN } from '../../../runtime/ports.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Col, Modal, Row, Space, Typography, message } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import 'bpmn-js-token-simulation/assets/css/bpmn-js-token-simulation.css';
import BpmnModeler from 'bpmn-js/lib/Modeler';
import tokenSimulation from 'bpmn-js-token-simulation/lib/modeler';
import { useRuntimeContext } from '../../../../registry/context/RuntimeContext';
import { hasPermission } from '../../../shared/permission';
import { extensionDescriptor, prefixOf, DEFAULT_PREFIX, type BpmnPrefix } from '../../../shared/bpmn/extension-descriptor';
import { DesignerToolbar, type ToolbarState } from './designer/DesignerToolbar';
import { PropertiesPanel } from './designer/PropertiesPanel';
import { DESIGNER_T as T, importWarningLines, newDiagramXml, type ImportWarning } from './designer/designerTexts';
import { zhTranslateModule } from './designer/translate';
import { useUnsavedDiagram } from './designer/useUnsavedDiagram';
import type { Element, Modeler } from './designer/bpmnAccess';
import type { ModelRow } from './wfApi';

/**
 * 流程设计 (/workflow/designer?id=, spec 2.7): the bpmn-js modeler of one process model on a
 * 700 px canvas with the extension prefix's moddle descriptor, the toolbar and the properties
 * panel. Saving sends the XML (the server checks it); 部署 saves then deploys, showing the
 * deploy checks' messages. Every change re-exports the XML: while it (or the process type)
 * differs from the saved one the page shows 未保存, and leaving (返回, the side menu, another
 * tab, a reload) asks first.
 * bpmn-js and its CSS load only with this page.
 */
export default function ProcessDesigner() {
  const { request, auth, allAuth } = useRuntimeContext();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  const host = useRef<HTMLDivElement>(null);
  const [model, setModel] = useState<ModelRow | null>(null);
  const [modeler, setModeler] = useState<Modeler | null>(null);
  const [element, setElement] = useState<Element | null>(null);
  const [category, setCategory] = useState('1');
  const [state, setState] = useState<ToolbarState>({ zoom: 1, canUndo: false, canRedo: false, simulating: false });
  const { dirty, emit, markSaved } = useUnsavedDiagram(category);
  const prefix: BpmnPrefix = (model?.prefix as BpmnPrefix) ?? DEFAULT_PREFIX;

  useEffect(() => {
    if (!id) return;
    void request.get<ModelRow>('/workflow/model/queryById', { id }).then((r) => {
      if (r.success) {
        setModel(r.result);
        setCategory(r.result.category);
      } else message.warning(r.message);
    }, NOT_AGAIN);
  }, [id, request]);

  /** Imports `xml`; with `savedCategory` (a model's stored diagram) it becomes the saved state. */
  const importXml = useCallback(
    async (m: Modeler, xml: string, savedCategory?: string) => {
      try {
        const { warnings } = (await m.importXML(xml)) as { warnings?: ImportWarning[] };
        const skipped = importWarningLines(warnings);
        if (skipped.length)
          Modal.warning({
            title: T.importWarnings,
            width: 560,
            content: (
              <div data-testid="wf-import-warnings">
                {T.importWarningsIntro}
                <ul style={{ maxHeight: 300, overflow: 'auto', margin: '8px 0 0', paddingLeft: 20 }}>
                  {skipped.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            ),
          });
        m.get('canvas').zoom(1);
        const root = m.get('canvas').getRootElement();
        setElement(root);
        const imported = await emit(m);
        if (savedCategory !== undefined) markSaved(imported, savedCategory);
      } catch (e) {
        message.error(`${T.importError}${(e as Error).message}`);
      }
    },
    [emit, markSaved],
  );

  useEffect(() => {
    if (!model || !host.current) return;
    const p = (model.xml ? prefixOf(model.xml) : model.prefix) as BpmnPrefix;
    const m = new BpmnModeler({
      container: host.current,
      additionalModules: [zhTranslateModule, tokenSimulation],
      moddleExtensions: { [p]: extensionDescriptor(p) },
      keyboard: { bindTo: document },
    }) as unknown as Modeler;
    m.on('selection.changed', (e: { newSelection: Element[] }) => setElement(e.newSelection[0] ?? m.get('canvas').getRootElement()));
    m.on('commandStack.changed', async () => {
      const stack = m.get('commandStack');
      setState((s) => ({ ...s, canUndo: stack.canUndo(), canRedo: stack.canRedo() }));
      await emit(m);
    });
    // wheel zoom (ctrl+wheel), fit view and the toolbar alike: the percentage follows the canvas
    m.on('canvas.viewbox.changed', (e: { viewbox: { scale: number } }) => {
      const z = Math.round(e.viewbox.scale * 100) / 100;
      setState((s) => (s.zoom === z ? s : { ...s, zoom: z }));
    });
    m.on('tokenSimulation.toggleMode', (e: { active: boolean }) => setState((s) => ({ ...s, simulating: e.active })));
    setModeler(m);
    void importXml(m, model.xml || newDiagramXml(p, { key: model.modelKey }), model.category);
    return () => m.destroy();
  }, [model, importXml, emit]);

  /** Zooms to `z`, or fits the diagram with a negative `z`; the percentage follows canvas.viewbox.changed. */
  const zoom = (z: number) => {
    if (!modeler) return;
    const canvas = modeler.get('canvas');
    if (z < 0) canvas.zoom('fit-viewport', 'auto');
    else canvas.zoom(z);
  };
  const save = async (): Promise<boolean> => {
    if (!modeler || !model) return false;
    try {
      const { xml } = await modeler.saveXML({ format: true });
      const r = await request.post<ModelRow>('/workflow/model/edit', { id: model.id, xml, category });
      if (!r.success) {
        Modal.error({ title: T.save, content: r.message });
        return false;
      }
      message.success(r.message);
      markSaved(xml ?? '', category);
      return true;
    } catch (e) {
      message.error(`${T.saveFailed}${(e as Error).message}`);
      return false;
    }
  };
  // while dirty the leave guard (useUnsavedDiagram) asks first
  const back = () => navigate('/workflow/model');
  const deploy = async () => {
    if (!(await save()) || !model) return;
    const r = await request.post('/workflow/model/deploy', { id: model.id });
    if (r.success) message.success(r.message);
    else Modal.error({ title: T.deploy, content: r.message });
  };

  return (
    <Card variant="borderless" data-page="wf-designer">
      <Space style={{ marginBottom: 8 }}>
        <Button onClick={back}>{T.back}</Button>
        <Typography.Text strong>{model ? `${model.name}（${model.modelKey}）` : ''}</Typography.Text>
        {dirty && (
          <Typography.Text type="warning" data-testid="wf-unsaved">
            {T.unsaved}
          </Typography.Text>
        )}
      </Space>
      {modeler && (
        <div style={{ marginBottom: 8 }}>
          <DesignerToolbar
            modeler={modeler}
            state={state}
            fileName={model?.modelKey ?? 'diagram'}
            onImport={(xml) => importXml(modeler, xml)}
            onRedraw={() => void importXml(modeler, newDiagramXml(prefix, { key: model?.modelKey }))}
            onZoom={zoom}
            onSave={() => void save()}
            onDeploy={() => void deploy()}
            onSimulation={() => modeler.get('toggleMode').toggleMode()}
            canDeploy={hasPermission('workflow:model:deploy', { auth, allAuth })}
          />
        </div>
      )}
      <Row gutter={8}>
        <Col flex="auto">
          <div ref={host} data-testid="wf-canvas" style={{ height: 700, border: '1px solid #f0f0f0' }} />
        </Col>
        <Col flex="340px" style={{ maxHeight: 700, overflow: 'auto' }}>
          {modeler && <PropertiesPanel modeler={modeler} element={element} prefix={prefix} category={category} onCategory={setCategory} />}
        </Col>
      </Row>
    </Card>
  );
}
