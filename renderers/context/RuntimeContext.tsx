import { createContext, useContext } from 'react';

/** The JeecgBoot envelope (spec 7, api-contract §1.3). */
export interface ApiResult<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/**
 * The request port the renderers and widgets use. The app shell supplies it (axios with the
 * token, tenant-id, _t and the error catalogue of spec 8); tests may supply their own.
 * Every method resolves with the envelope (success true or false) and rejects only on a
 * transport error or an HTTP error status, which the shell has already shown to the user.
 * Paths are relative to the API base, e.g. '/sys/dict/getDictItems/sex'.
 */
export interface RequestPort {
  get<T = unknown>(url: string, params?: Record<string, unknown>): Promise<ApiResult<T>>;
  post<T = unknown>(url: string, body?: unknown, params?: Record<string, unknown>): Promise<ApiResult<T>>;
  put<T = unknown>(url: string, body?: unknown): Promise<ApiResult<T>>;
  delete<T = unknown>(url: string, params?: Record<string, unknown>): Promise<ApiResult<T>>;
  /** multipart upload; `onProgress` gets 0-100. */
  upload<T = unknown>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<ApiResult<T>>;
  /** GETs a file (blob) and saves it as `fileName`; a JSON answer resolves as the envelope (spec 7). */
  download?(url: string, params: Record<string, unknown> | undefined, fileName: string): Promise<ApiResult<null>>;
  /** Absolute URL of a stored file path (spec 7: static domain prefix unless it starts with http). */
  fileUrl(path: string): string;
}

/** A permission entry of getUserPermissionByToken (spec 3 "Permission entry"). */
export interface AuthEntry {
  action: string;
  type?: string;
  status?: string;
  describe?: string;
}

/** The signed-in user as the runtime needs it (defaults #{sysUserCode}, #{sysOrgCode}). */
export interface RuntimeUser {
  id: string;
  username: string;
  realname: string;
  orgCode?: string;
}

export interface RuntimeContextValue {
  request: RequestPort;
  /** auth: buttons the user holds; allAuth: every defined button rule. */
  auth: AuthEntry[];
  allAuth: AuthEntry[];
  user: RuntimeUser | null;
  /** The first page size of a list (系统设置 列表默认每页条数) when the list offers it; default its smallest. */
  defaultPageSize?: number;
}

export const RuntimeContext = createContext<RuntimeContextValue | null>(null);

/** Reads the runtime context; throws when a renderer is used outside <RuntimeContext.Provider>. */
export function useRuntimeContext(): RuntimeContextValue {
  const ctx = useContext(RuntimeContext);
  if (!ctx) throw new Error('RuntimeContext is missing: wrap the screen in <RuntimeContext.Provider>');
  return ctx;
}
