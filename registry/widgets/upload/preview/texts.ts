/**
 * zh-CN texts of the file preview dialog (spec 9 "online preview URL"), apart from the upload
 * texts so that lists and forms do not carry them (the dialog is loaded on the first 预览).
 */
export const PREVIEW_TEXT = {
  download: '下载',
  title: (name: string) => `文件预览：${name}`,
  loading: '正在加载文件…',
  unsupported: '该文件类型暂不支持在线预览',
  unsupportedHint: '请下载后查看',
  failed: '文件加载失败',
  textCut: '文件较大，仅显示前 1 MB',
  sheetCut: (rows: number, cols: number) => `仅显示每个工作表的前 ${rows} 行、${cols} 列`,
  sheetEmpty: '工作表为空',
  noSheet: '工作簿中没有工作表',
  close: '关闭',
} as const;
