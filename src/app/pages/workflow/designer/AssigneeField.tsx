import { useState } from 'react';
import { Input, Radio, Space } from 'antd';
import { SelUserEdit } from '../../../../../registry/widgets/sel-user/SelUserEdit';
import { DESIGNER_T as T } from './designerTexts';

/** Whether an assignee value is an expression (`${initiator}`, `#{signer}`) rather than a username. */
export const isExpression = (v: string): boolean => /[$#]\{/.test(v);

/**
 * A user task's assignee (spec 2.7 "assignee one user"): a toggle 用户 / 表达式; 用户 chooses one
 * user with the registry's `sel_user` picker (stores the username), 表达式 takes a typed
 * expression such as `${initiator}`. Starts in the mode the value is in.
 * Props: value (the stored flowable:assignee), onChange (the new value, '' for none).
 */
export function AssigneeField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [expression, setExpression] = useState(isExpression(value));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4} data-testid="prop-assignee">
      <Radio.Group
        size="small"
        optionType="button"
        data-testid="prop-assignee-mode"
        value={expression ? 'expression' : 'user'}
        onChange={(e) => setExpression(e.target.value === 'expression')}
        options={[
          { value: 'user', label: T.assigneeUser },
          { value: 'expression', label: T.assigneeExpression },
        ]}
      />
      {expression ? (
        <Input data-testid="prop-assignee-expression" placeholder="${initiator}" value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <SelUserEdit value={isExpression(value) ? '' : value} extend={{ multi: false }} onChange={(v) => onChange(v ?? '')} />
      )}
    </Space>
  );
}
