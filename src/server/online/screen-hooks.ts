import type { RawBuilder } from 'kysely';
import type { Db } from '../db/connection.js';
import type { SessionUser } from '../modules/auth/token-service.js';
import type { StatusAction } from '../../shared/generated/screen-schema.js';

type Row = Record<string, unknown>;

/** What a write hook sees: the open transaction, the caller, the request body and the row. */
export interface WriteContext {
  trx: Db;
  user: SessionUser;
  /** The request body as sent (camelCase or column keys). */
  body: Row;
  /** column → value about to be written; a hook may change it (e.g. hash a password). */
  row: Row;
  /** The stored row (columns) on edit; null on add. */
  existing: Row | null;
  isNew: boolean;
}

/** What runs after the row is written, in the same transaction (e.g. save a user's roles). */
export interface AfterWriteContext {
  trx: Db;
  user: SessionUser;
  body: Row;
  id: string;
  isNew: boolean;
}

/** What a status-action hook sees: the open transaction, the caller, the action and the row before it moved (columns). */
export interface StatusActionContext {
  trx: Db;
  user: SessionUser;
  action: StatusAction;
  row: Row;
  /** Runs `fn` once the action's transaction has committed (never on a rollback), e.g. a websocket push. */
  afterCommit(fn: () => void): void;
}

/**
 * What an import-row hook sees: one row of an Excel import after the generic checks, before any
 * row is written (no transaction is open: read through `db`).
 */
export interface ImportRowContext {
  db: Db;
  user: SessionUser;
  /** The row's values as read from the file (camelCase keys); a hook may complete it for beforeWrite. */
  body: Row;
  /** column → value about to be written; a hook may change it. */
  row: Row;
}

/** What a delete hook sees; return 'handled' to skip the generic hard delete (e.g. soft delete). */
export interface DeleteContext {
  trx: Db;
  user: SessionUser;
  ids: string[];
}

/**
 * Module-specific behaviour of one screen served by the generic engine (docs/architecture.md "How to add a screen": plain CRUD
 * screens are schemas; modules add only what a schema cannot say). Every hook is optional;
 * write and delete hooks run inside the write's transaction, so a BizError they throw rolls
 * everything back.
 */
export interface ScreenHooks {
  beforeWrite?(c: WriteContext): void | Promise<void>;
  afterWrite?(c: AfterWriteContext): void | Promise<void>;
  /** Checks and completes one row of an Excel import; a BizError refuses that row only (error file, its message). */
  importRow?(c: ImportRowContext): void | Promise<void>;
  beforeDelete?(c: DeleteContext): void | 'handled' | Promise<void | 'handled'>;
  /** Runs after a declared status action moved a row, in its transaction (e.g. start the bound process on 提交). */
  statusAction?(c: StatusActionContext): void | Promise<void>;
  /** Extra conditions for list, detail, edit and delete (e.g. `del_flag = 0`); bound values only. */
  listScope?(c: { user: SessionUser; params: Row }): RawBuilder<unknown>[] | Promise<RawBuilder<unknown>[]>;
  /** Post-processes rows before they are answered (drop secrets, add derived fields). */
  decorate?(rows: Row[], user: SessionUser): void | Promise<void>;
}

/**
 * The hooks of every screen, one registry per app (AppContext.hooks), so several servers in one
 * process (tests) never share them. Modules register when their routes are registered: fixed
 * hooks for a known screen id, or a provider asked on every lookup (hooks that follow screens
 * authored or changed while the server runs).
 */
export class ScreenHookRegistry {
  private hooks = new Map<string, ScreenHooks[]>();
  private providers: ((screenId: string) => ScreenHooks | undefined)[] = [];

  /** Registers hooks for the screen `screenId`; several registrations run in order. */
  register(screenId: string, h: ScreenHooks): void {
    const list = this.hooks.get(screenId) ?? [];
    if (!list.includes(h)) list.push(h);
    this.hooks.set(screenId, list);
  }

  /**
   * Registers a provider asked for each screen at every lookup; the hooks it returns run after
   * the fixed ones. It must be cheap (no I/O): decide from the screen registry, return a cached object.
   */
  registerProvider(provide: (screenId: string) => ScreenHooks | undefined): void {
    this.providers.push(provide);
  }

  /** The hooks of a screen: the fixed ones in registration order, then the providers' (empty when none). */
  of(screenId: string): readonly ScreenHooks[] {
    const fixed = this.hooks.get(screenId) ?? [];
    if (!this.providers.length) return fixed;
    const dynamic = this.providers.map((p) => p(screenId)).filter((h): h is ScreenHooks => !!h);
    return dynamic.length ? [...fixed, ...dynamic] : fixed;
  }
}
