/**
 * zh-CN user texts of the upload widgets (`upload`, `file`, `image`) — every upload and
 * download text in one place (docs/architecture.md "Conventions"; spec 4.3, 5.6, 8 "Upload" and
 * "Downloads", 9). Texts the spec quotes in English are given in natural Chinese.
 */
export const UPLOAD_TEXT = {
  /** Spec 9: the upload button's default text ('click to upload'). */
  upload: '点击上传',
  /** Spec 5.6: image mode refuses other files. */
  imageOnly: '请上传图片',
  /** Spec 4.3 / 8: an error without a message ('unknown error'). */
  unknownError: '未知错误',
  /** Spec 8: the per-file tooltips ('Uploading (n%)', 'Upload complete', 'Upload failed'). */
  uploading: (percent: number) => `上传中 (${percent}%)`,
  done: '上传完成',
  failed: '上传失败',
  /** Spec 8: a failed file, and a failure without a file name. */
  fileFailed: (file: string) => `${file} 上传失败.`,
  uploadFailed: '文件上传失败',
  /** Spec 5.6 / 8: confirming the upload dialog with nothing uploaded or entered. */
  noFile: '未上传任何文件',
  /** Spec 8: image failures open this dialog ('Upload error', 'Error message: …'). */
  errorTitle: '上传出错',
  errorMessage: (message: string) => `错误信息: ${message}`,
  /** Spec 5.6: moving images in the list. */
  unknownMove: '未知的操作',
  atLast: '已到最后~',
  moveLeft: '左移',
  moveRight: '右移',
  remove: '删除',
  /** More files than `extend.uploadnum` allows. */
  limit: (max: number) => `最多上传 ${max} 个文件`,
  /** Spec 3 "Column types" file, spec 7.3 / 8 "Downloads". */
  download: '下载',
  unknownFile: '未知的文件',
  downloadFailed: '文件下载失败',
  /** Spec 2.6: the image upload dialog. */
  addImage: '添加图片',
  localTab: '本地上传',
  networkTab: '网络图片地址',
  networkLabel: '图片地址',
  networkPlaceholder: '请输入 http:// 或 https:// 开头的图片地址',
  networkInvalid: '网络图片地址须以 http:// 或 https:// 开头',
  remarkLabel: '备注',
  remarkPlaceholder: '请输入备注（选填）',
  /** Spec 2.6: the file popup. */
  filePopup: (count: number) => `文件列表 (${count})`,
  filePopupTitle: '文件列表',
  fileName: '文件名',
  status: '状态',
  action: '操作',
  noFiles: '暂无文件',
  /** Spec 9 "online preview URL": the 预览 action (the dialog's texts: widgets/upload/preview/texts.ts). */
  preview: '预览',
} as const;
