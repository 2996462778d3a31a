import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './workflow.css';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import { WF_T } from './wfTexts';

/**
 * A read-only process diagram (bpmn-js NavigatedViewer: drag and zoom) with the current nodes
 * marked `wf-current` (orange) and finished nodes `wf-done` (green). Inputs: the deployed
 * version's XML and node ids. An import error is shown, never swallowed. Height 360 px.
 */
export default function DiagramViewer({ xml, current, finished }: { xml: string; current: string[]; finished: string[] }) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!host.current) return;
    const viewer = new NavigatedViewer({ container: host.current });
    let alive = true;
    viewer
      .importXML(xml)
      .then(() => {
        if (!alive) return;
        const canvas = viewer.get<{ zoom(v: string): void; addMarker(id: string, m: string): void }>('canvas');
        canvas.zoom('fit-viewport');
        const registry = viewer.get<{ get(id: string): unknown }>('elementRegistry');
        for (const id of finished) if (registry.get(id)) canvas.addMarker(id, 'wf-done');
        for (const id of current) if (registry.get(id)) canvas.addMarker(id, 'wf-current');
      })
      .catch((e: Error) => alive && setError(`${WF_T.diagramError}${e.message}`));
    return () => {
      alive = false;
      viewer.destroy();
    };
  }, [xml, current, finished]);
  return (
    <>
      {error && <Alert type="error" message={error} />}
      <div ref={host} className="wf-diagram" data-testid="wf-diagram" style={{ height: 360, border: '1px solid #f0f0f0' }} />
    </>
  );
}
