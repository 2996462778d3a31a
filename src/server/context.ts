import type { Db } from './db/connection.js';
import type { ServerConfig } from './config.js';
import type { TokenService, SessionUser } from './modules/auth/token-service.js';
import type { PermissionService } from './modules/auth/permission-service.js';
import type { DictService } from './modules/dict/dict-service.js';
import type { ScreenRegistry } from './online/screen-registry.js';
import type { ScreenHookRegistry } from './online/screen-hooks.js';
import type { DesignerStore } from './online/designer/store.js';
import type { ClusterBus } from './cluster/bus.js';

/** Services shared by every module; built once in app.ts. */
export interface AppContext {
  db: Db;
  config: ServerConfig;
  tokens: TokenService;
  perms: PermissionService;
  dicts: DictService;
  screens: ScreenRegistry;
  /** The authored screens of the online form designer (stored in onl_cgform_*). */
  designer: DesignerStore;
  /** Module hooks of screens served by the generic engine (online/screen-hooks.ts). */
  hooks: ScreenHookRegistry;
  /** 'pglite': this process is the database's only writer (data-folder lock). */
  dbKind: 'pglite' | 'postgres';
  /** The channel to every server process of this database (cluster/bus.ts). */
  bus: ClusterBus;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the auth hook on every non-public API route. */
    user: SessionUser;
  }
  interface FastifyContextConfig {
    /** Route needs no token (api-contract §1.5 anonymous paths). */
    public?: boolean;
  }
}
