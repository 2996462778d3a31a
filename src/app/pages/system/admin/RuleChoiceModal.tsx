import { useEffect, useState } from 'react';
import { Checkbox, Empty, Modal, Spin, message } from 'antd';
import { useLatestGuard } from '../../../../../registry/shared/useLatestGuard';
import { useRuntimeContext } from '../../../../../registry/context/RuntimeContext';
import { ADMIN_T } from './texts';

interface RuleRow {
  id: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

export interface RuleChoiceModalProps {
  /** GET path answering `{datarule, drChecked}` (e.g. /sys/role/datarule/{permissionId}/{roleId}). */
  loadUrl: string;
  /** POST path and the body fields besides `dataRuleIds` (e.g. /sys/role/datarule, {permissionId, roleId}). */
  saveUrl: string;
  saveBody: Record<string, string>;
  title: string;
  onClose: () => void;
}

/**
 * Chooses which data rules of a menu a role holds (api-contract §3.2 `/sys/role/datarule`, spec
 * 7.2 "data rules per role"): the menu's rules as checkboxes (column, operator, value), saved
 * as a comma list. The server refuses rules of another menu and roles the caller holds.
 */
export default function RuleChoiceModal({ loadUrl, saveUrl, saveBody, title, onClose }: RuleChoiceModalProps) {
  const { request } = useRuntimeContext();
  const [rules, setRules] = useState<RuleRow[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const guard = useLatestGuard();
  useEffect(() => {
    void guard.run(
      () => request.get<{ datarule: RuleRow[]; drChecked?: string }>(loadUrl),
      (res) => {
        if (!res.success) {
          setRules([]);
          return;
        }
        setRules(res.result.datarule);
        setChosen((res.result.drChecked ?? '').split(',').filter(Boolean));
      },
    );
  }, [request, loadUrl, guard]);

  const save = async () => {
    setSaving(true);
    try {
      const res = await request.post(saveUrl, { ...saveBody, dataRuleIds: chosen.join(',') });
      if (res.success) {
        message.success(res.message || ADMIN_T.saved);
        onClose();
      } else message.warning(res.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={`${ADMIN_T.dataRuleTitle}：${title}`}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
    >
      {rules === null ? (
        <Spin />
      ) : rules.length === 0 ? (
        <Empty description={ADMIN_T.noRules} />
      ) : (
        <Checkbox.Group
          value={chosen}
          onChange={(v) => setChosen(v.map(String))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        >
          {rules.map((r) => (
            <Checkbox key={r.id} value={r.id} disabled={r.status !== '1'}>
              {r.ruleName}（{r.ruleColumn} {r.ruleConditions} {r.ruleValue}）
            </Checkbox>
          ))}
        </Checkbox.Group>
      )}
    </Modal>
  );
}
