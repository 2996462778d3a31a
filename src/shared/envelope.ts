/** The JeecgBoot result envelope (spec 7, api-contract §1.3). */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** A page of records (api-contract §1.7). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** The texts the wire policy fixes (docs/architecture.md "Wire policy"). */
export const WIRE_TEXT = {
  tokenInvalid: 'Token失效，请重新登录!',
  forbidden: '没有权限，请联系管理员授权',
  internal: '系统内部错误，请联系管理员',
  busy: '系统繁忙，请稍后重试',
  /** The database server is restarting or unreachable (HTTP 503, Retry-After): the request may be retried. */
  dbUnavailable: '数据库暂时不可用，请稍后重试',
  notFound: '路径不存在，请检查路径是否正确',
} as const;
