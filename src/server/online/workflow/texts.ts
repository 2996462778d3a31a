/** Messages of the declared status actions (schema `workflow`). */
export const WORKFLOW_TEXT = {
  unknownAction: (code: string) => `未定义的操作：${code}`,
  noRecord: '请选择一条记录！',
  wrongState: (label: string) => `当前状态不能${label}`,
  ownerOnly: (label: string) => `只有申请人本人可以${label}`,
  notOwner: (label: string) => `不能${label}自己提交的单据`,
  conditionFailed: (label: string) => `不满足${label}的条件`,
  done: (label: string) => `${label}成功！`,
} as const;
