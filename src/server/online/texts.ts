/** Messages of the generic screen engine (tree and master/sub tables, Excel, schema sync), zh-CN. */
export const ENGINE_TEXT = {
  treeSelfParent: '父节点不能选择自己或自己的下级节点',
  treeParentMissing: '父节点不存在',
  subRowsNotArray: (title: string) => `子表「${title}」的数据格式不正确`,
  subRowProblem: (title: string, n: number, msg: string) => `${title}第${n}行：${msg}`,
  oneToOneTooMany: (title: string) => `子表「${title}」是一对一关系，只能有一条数据`,
  notMainTable: (name: string) => `${name} 不是主表的子表`,
  mainRowMissing: '未找到对应的主表数据',
  // Excel export / import (api-contract §4.4, spec 7.3)
  exportFileName: '导出文件',
  importNoFile: '请选择要导入的文件',
  importBadType: (name: string) => `文件导入失败：${name} 不是 xls 或 xlsx 文件，只支持 xls、xlsx 格式`,
  importXlsUnsupported: (name: string) => `文件导入失败：${name} 是旧版 .xls 格式，暂不支持，请在 Excel 中另存为 .xlsx 后再导入`,
  importBroken: (name: string) => `文件导入失败：${name} 不是有效的 Excel 文件或已损坏`,
  importNoHeader: (name: string, title: string) => `文件导入失败：${name} 中没有找到「${title}」的表头，请使用导出的文件作为模板`,
  importEmpty: (name: string) => `文件导入失败：${name} 中没有数据行`,
  importTooMany: (max: number) => `文件导入失败：一次最多导入${max}行数据`,
  importAllOk: (n: number) => `共${n}行数据全部导入成功！`,
  importPartial: '文件导入成功，但有错误。',
  importSummary: (total: number, ok: number, bad: number) => `总上传行数：${total}，已导入行数：${ok}，错误行数：${bad}`,
  importAllBad: (total: number) => `文件导入失败：${total}行数据均有错误，请下载错误文件查看原因`,
  importDuplicateInFile: (title: string, v: string) => `${title}「${v}」在文件中重复`,
  importDuplicate: (title: string, v: string) => `${title}「${v}」已存在，该值不可用，系统中已存在！`,
  importOrphan: (mainTitle: string) => `找不到对应的${mainTitle}（${mainTitle}ID 不在主表的 ID 列中）`,
  importErrorColumn: '错误原因',
  importRowColumn: '行号',
  tooManySelections: (max: number) => `一次最多导出${max}条选中的数据`,
  // schema sync
  destructiveChange: (file: string, table: string, detail: string) =>
    `${file}: 表 ${table} 的结构变更会丢失数据（${detail}），已拒绝同步；确认后可在页面配置中设置 "forceSync": true 或以 SCHEMA_FORCE=1 启动`,
} as const;
