import { Button, Dropdown, Modal, Space, Tooltip, Upload, message } from 'antd';
import { DESIGNER_T as T, nextZoom } from './designerTexts';
import type { Modeler } from './bpmnAccess';

/** What the toolbar reads from the designer. */
export interface ToolbarState {
  zoom: number;
  canUndo: boolean;
  canRedo: boolean;
  simulating: boolean;
}

const save = (name: string, text: string, type: string) => {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  URL.revokeObjectURL(a.href);
};

/**
 * The designer toolbar (spec 2.7, 5.6): open a local .bpmn/.xml; download BPMN, XML or SVG;
 * preview XML or JSON; token simulation; save and deploy; align (needs several selected
 * elements, else the hint); zoom in/out by 0.1 within 0.2–4 with the limit messages and the
 * percentage (`state.zoom`, which the designer keeps following the canvas: wheel zoom, fit); fit; undo/redo enabled only when possible; redraw after a confirmation. Import
 * and export errors are shown, never swallowed.
 */
export function DesignerToolbar(props: {
  modeler: Modeler;
  state: ToolbarState;
  fileName: string;
  onImport: (xml: string) => Promise<void>;
  onRedraw: () => void;
  onZoom: (z: number) => void;
  onSave: () => void;
  onDeploy: () => void;
  onSimulation: () => void;
  canDeploy: boolean;
}) {
  const { modeler, state } = props;
  const exportXml = async () => (await modeler.saveXML({ format: true })).xml ?? '';
  const guard = async (run: () => Promise<void>) => {
    try {
      await run();
    } catch (e) {
      message.error(`${T.saveError}${(e as Error).message}`);
    }
  };
  const download = (kind: 'bpmn' | 'xml' | 'svg') =>
    guard(async () => {
      if (kind === 'svg') {
        const { svg } = await modeler.saveSVG();
        return save(`${props.fileName}.svg`, svg, 'image/svg+xml');
      }
      save(`${props.fileName}.${kind}`, await exportXml(), 'application/xml');
    });
  const preview = (kind: 'xml' | 'json') =>
    guard(async () => {
      const xml = await exportXml();
      let text = xml;
      if (kind === 'json') {
        text = JSON.stringify(modeler.getDefinitions(), (k, v) => (k.startsWith('$') && k !== '$type' ? undefined : v), 2);
      }
      Modal.info({ title: T.preview, width: 900, content: <pre style={{ maxHeight: 500, overflow: 'auto', fontSize: 12 }}>{text}</pre> });
    });
  const align = (how: string) => {
    const selected = modeler.get('selection').get() as unknown[];
    if (selected.length < 2) return void message.warning(T.alignHint);
    modeler.get('alignElements').trigger(selected, how);
  };
  const zoom = (dir: 1 | -1) => {
    const next = nextZoom(state.zoom, dir);
    if ('message' in next) return void message.warning(next.message);
    props.onZoom(next.zoom);
  };
  const open = (file: File) => {
    if (!/\.(bpmn|xml)$/i.test(file.name)) return void message.warning(T.fileType);
    const reader = new FileReader();
    reader.onload = () => void props.onImport(String(reader.result));
    reader.onerror = () => void message.error(`${T.readError}${reader.error?.message ?? file.name}`);
    reader.readAsText(file);
  };

  return (
    <Space wrap size={4} data-testid="wf-toolbar">
      <Upload accept=".bpmn,.xml" showUploadList={false} beforeUpload={(f) => (open(f), false)}>
        <Button>{T.import}</Button>
      </Upload>
      <Dropdown
        menu={{
          items: [
            { key: 'bpmn', label: T.downloadBpmn },
            { key: 'xml', label: T.downloadXml },
            { key: 'svg', label: T.downloadSvg },
          ],
          onClick: ({ key }) => void download(key as 'bpmn'),
        }}
      >
        <Button>{T.download}</Button>
      </Dropdown>
      <Dropdown
        menu={{
          items: [
            { key: 'xml', label: T.previewXml },
            { key: 'json', label: T.previewJson },
          ],
          onClick: ({ key }) => void preview(key as 'xml'),
        }}
      >
        <Button>{T.preview}</Button>
      </Dropdown>
      <Button type={state.simulating ? 'primary' : 'default'} onClick={props.onSimulation}>
        {T.simulation}
      </Button>
      <Dropdown
        menu={{
          items: [
            { key: 'left', label: T.alignLeft },
            { key: 'right', label: T.alignRight },
            { key: 'center', label: T.alignCenter },
            { key: 'top', label: T.alignTop },
            { key: 'middle', label: T.alignMiddle },
            { key: 'bottom', label: T.alignBottom },
          ],
          onClick: ({ key }) => align(key),
        }}
      >
        <Button data-testid="wf-align">{T.align}</Button>
      </Dropdown>
      <Tooltip title={T.zoomOut}>
        <Button data-testid="wf-zoom-out" onClick={() => zoom(-1)}>
          －
        </Button>
      </Tooltip>
      <span data-testid="wf-zoom" style={{ display: 'inline-block', width: 48, textAlign: 'center' }}>
        {Math.round(state.zoom * 100)}%
      </span>
      <Tooltip title={T.zoomIn}>
        <Button data-testid="wf-zoom-in" onClick={() => zoom(1)}>
          ＋
        </Button>
      </Tooltip>
      <Button onClick={() => props.onZoom(-1)}>{T.fit}</Button>
      <Button disabled={!state.canUndo} onClick={() => modeler.get('commandStack').undo()}>
        {T.undo}
      </Button>
      <Button disabled={!state.canRedo} onClick={() => modeler.get('commandStack').redo()}>
        {T.redo}
      </Button>
      <Button onClick={() => Modal.confirm({ title: T.redraw, content: T.redrawConfirm, onOk: props.onRedraw })}>{T.redraw}</Button>
      <Button type="primary" data-testid="wf-save" onClick={props.onSave}>
        {T.save}
      </Button>
      {props.canDeploy && <Button onClick={props.onDeploy}>{T.deploy}</Button>}
    </Space>
  );
}
