import { Collapse, Form, Input, Radio, Select, Typography } from 'antd';
import { SelUserEdit } from '../../../../../registry/widgets/sel-user/SelUserEdit';
import { SelRoleEdit } from '../../../../../registry/widgets/sel-role/index';
import { PROCESS_CATEGORIES } from '../../../../shared/bpmn/process-texts';
import type { BpmnPrefix } from '../../../../shared/bpmn/extension-descriptor';
import { listenerSections, type ListenerKind } from '../../../../shared/bpmn/listeners';
import { DESIGNER_T as T, LISTENER_T as L } from './designerTexts';
import { ListenerSection } from './ListenerSection';
import { useBpmnProps, type Element, type Modeler } from './bpmnAccess';
import { AssigneeField } from './AssigneeField';

/**
 * The designer's properties panel (spec 2.7): basic settings for the process (type, key
 * read-only, name) and nodes (key, name, initiator on start events, description); reviewers and
 * counter-sign on user tasks (assignee one user through the registry's `sel_user` picker or an
 * expression such as `${initiator}`; candidate users through `sel_user` (usernames, comma-joined);
 * candidate groups through `sel_role` storing role codes; multi-instance none/parallel/sequential with its loop settings —
 * none removes them); the flow condition on sequence flows not leaving a start event
 * (normal / default: the source's default flow, condition cleared / condition expression);
 * task listeners (user tasks), execution listeners (all but exclusive gateways) and, on the
 * process, its global listeners (its execution listeners) through the listener editor.
 * Every edit goes through bpmn-js `modeling` (undoable, emits the changed XML).
 */
export function PropertiesPanel(props: {
  modeler: Modeler;
  element: Element | null;
  prefix: BpmnPrefix;
  category: string;
  onCategory: (c: string) => void;
}) {
  const { modeler, element, prefix } = props;
  const p = useBpmnProps(modeler, element, prefix);
  if (!element || !p) return <Typography.Text type="secondary">{T.noSelection}</Typography.Text>;

  const type = element.type;
  const isProcess = type === 'bpmn:Process';
  const basic = (
    <Form layout="vertical" size="small">
      {isProcess && (
        <Form.Item label={T.processType}>
          <Select
            data-testid="prop-category"
            value={props.category}
            onChange={props.onCategory}
            options={PROCESS_CATEGORIES.map((c) => ({ value: c.value, label: c.text }))}
          />
        </Form.Item>
      )}
      <Form.Item label={isProcess ? T.processKey : T.nodeKey}>
        <Input data-testid="prop-id" value={p.get('id')} disabled={isProcess} onChange={(e) => p.set({ id: e.target.value })} />
      </Form.Item>
      <Form.Item label={isProcess ? T.processName : T.nodeName}>
        <Input data-testid="prop-name" value={p.get('name')} onChange={(e) => p.set({ name: e.target.value })} />
      </Form.Item>
      {type === 'bpmn:StartEvent' && (
        <Form.Item label={T.initiator}>
          <Input
            data-testid="prop-initiator"
            value={p.ext('initiator')}
            onChange={(e) => p.setExt({ initiator: e.target.value || undefined })}
          />
        </Form.Item>
      )}
      {!isProcess && (
        <Form.Item label={T.description}>
          <Input.TextArea
            data-testid="prop-documentation"
            rows={2}
            value={p.documentation()}
            onChange={(e) => p.setDocumentation(e.target.value)}
          />
        </Form.Item>
      )}
    </Form>
  );

  const mi = p.multiInstance();
  const reviewers = (
    <Form layout="vertical" size="small">
      <Form.Item label={T.assignee}>
        <AssigneeField key={element.id} value={p.ext('assignee')} onChange={(v) => p.setExt({ assignee: v || undefined })} />
      </Form.Item>
      <Form.Item label={T.candidateUsers}>
        <div data-testid="prop-candidate-users">
          <SelUserEdit
            value={p.ext('candidateUsers')}
            extend={{ multi: true }}
            onChange={(v) => p.setExt({ candidateUsers: v || undefined })}
          />
        </div>
      </Form.Item>
      <Form.Item label={T.candidateGroups}>
        <div data-testid="prop-candidate-groups">
          <SelRoleEdit
            value={p.ext('candidateGroups')}
            extend={{ store: 'roleCode', multi: true }}
            onChange={(v) => p.setExt({ candidateGroups: v || undefined })}
          />
        </div>
      </Form.Item>
      <Form.Item label={T.multiInstance}>
        <Radio.Group
          data-testid="prop-multi-instance"
          value={mi.kind}
          onChange={(e) => p.setMultiInstance(e.target.value)}
          options={[
            { value: 'none', label: T.miNone },
            { value: 'parallel', label: T.miParallel },
            { value: 'sequential', label: T.miSequential },
          ]}
        />
      </Form.Item>
      {mi.kind !== 'none' && (
        <>
          <Form.Item label={T.loopCardinality}>
            <Input
              data-testid="prop-loop-cardinality"
              value={mi.loopCardinality}
              onChange={(e) => p.setLoop({ loopCardinality: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={T.collection}>
            <Input data-testid="prop-collection" value={mi.collection} onChange={(e) => p.setLoop({ collection: e.target.value })} />
          </Form.Item>
          <Form.Item label={T.elementVariable}>
            <Input
              data-testid="prop-element-variable"
              value={mi.elementVariable}
              onChange={(e) => p.setLoop({ elementVariable: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={T.completionCondition} extra={T.miHelp}>
            <Input
              data-testid="prop-completion-condition"
              value={mi.completionCondition}
              onChange={(e) => p.setLoop({ completionCondition: e.target.value })}
            />
          </Form.Item>
        </>
      )}
    </Form>
  );

  const flow = p.flow();
  const condition = flow && (
    <Form layout="vertical" size="small">
      <Form.Item label={T.flowType}>
        <Select
          data-testid="prop-flow-type"
          value={flow.kind}
          onChange={(v) => p.setFlow(v, flow.expression)}
          options={[
            { value: 'normal', label: T.flowNormal },
            { value: 'default', label: T.flowDefault },
            { value: 'condition', label: T.flowCondition },
          ]}
        />
      </Form.Item>
      {flow.kind === 'condition' && (
        <Form.Item label={T.conditionExpression}>
          <Input
            data-testid="prop-condition"
            value={flow.expression}
            onChange={(e) => p.setFlow('condition', e.target.value)}
            placeholder="${amount > 5000}"
          />
        </Form.Item>
      )}
    </Form>
  );

  const sections = listenerSections(type);
  const listenerItem = (key: string, label: string, kind: ListenerKind) => ({
    key,
    label,
    children: <ListenerSection kind={kind} testId={`prop-${key}`} list={p.listeners(kind)} onChange={(l) => p.setListeners(kind, l)} />,
  });
  const items = [
    { key: 'basic', label: T.basic, children: basic },
    ...(type === 'bpmn:UserTask' ? [{ key: 'reviewers', label: T.reviewers, children: reviewers }] : []),
    ...(sections.task ? [listenerItem('taskListeners', L.taskListeners, 'task')] : []),
    ...(condition ? [{ key: 'condition', label: T.condition, children: condition }] : []),
    ...(sections.execution ? [listenerItem('executionListeners', L.executionListeners, 'execution')] : []),
    ...(sections.global ? [listenerItem('globalListeners', L.globalListeners, 'execution')] : []),
  ];
  return <Collapse size="small" defaultActiveKey={['basic', 'reviewers', 'condition']} items={items} data-testid="wf-properties" />;
}
