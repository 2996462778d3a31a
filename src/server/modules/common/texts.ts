/** User-facing texts of uploads and stored files (zh-CN). */
export const FILE_TEXT = {
  /** 404 of a missing file, and of one the caller may not read (the answer reveals nothing). */
  missing: '文件不存在',
  /** 403 of a preview address whose signature is wrong, for another file, or expired. */
  badSignature: '文件预览地址无效或已过期，请重新打开预览',
  pathRequired: '请指定文件路径',
} as const;
