/** User-facing texts of check rules and fill rules (zh-CN; api-contract §6.5, §6.6). */
export const RULE_TEXT = {
  codeMissing: '该编码不存在',
  ruleCodeRequired: '请输入规则编码',
  ruleJsonRequired: '请输入规则JSON',
  ruleJsonNotArray: '规则JSON必须是数组，例如 [{"digits":"1","pattern":"^[a-z]$","message":"首位必须是小写字母"}]',
  ruleItemBad: (n: number, why: string) => `规则JSON第${n}条不正确：${why}`,
  digitsBad: '位数只能是正整数或 *',
  patternBad: (err: string) => `正则表达式不正确（${err}）`,
  messageMissing: '缺少未通过时的提示文本 message',
  valueTooLong: '校验值过长',
  fillRuleMissing: (code: string) => `未找到填值规则：${code}`,
  fillClassUnknown: (name: string, known: string[]) => `未知的规则实现类「${name}」，可用的实现类：${known.join('、')}`,
  fillParamsBad: (why: string) => `规则参数不正确：${why}`,
  nextValue: (v: string) => `下一个生成的值：${v}`,
  batchRulesRequired: '请提供要执行的规则列表 rules',
} as const;
