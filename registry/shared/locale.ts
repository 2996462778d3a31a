/** zh-CN user texts of the built-in widgets (one place per locale; spec 5.6, 9). */
export const WIDGET_TEXT = {
  dictCodeEmpty: '字典Code不能为空!',
  departPlaceholder: '点击选择部门',
  noData: '没有查询到任何数据',
  enterKeyword: '请输入搜索内容',
  loading: '加载中…',
  upload: '点击上传',
  imageOnly: '请上传图片',
  unknownError: '未知错误',
  download: '下载',
  yes: '是',
  no: '否',
  password: '******',
} as const;
