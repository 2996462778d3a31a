import path from 'node:path';

/** Server settings, read once from the environment (README lists every variable). */
export interface ServerConfig {
  /** HTTP port (PORT, default 8080). */
  port: number;
  host: string;
  /** API base path (API_BASE, default '/jeecg-boot'). */
  apiBase: string;
  /** Folder for the embedded database, uploads and generated secrets (DATA_DIR, default ./data). */
  dataDir: string;
  /** postgres://… switches from the embedded database to a PostgreSQL server. */
  databaseUrl?: string;
  /** Captcha on the login form (CAPTCHA=off disables it). */
  captchaEnabled: boolean;
  /** First-start admin password (ADMIN_PASSWORD); generated when absent. */
  adminPassword?: string;
  /** Idle minutes after which a token expires (TOKEN_IDLE_MINUTES, default 120, sliding). */
  tokenIdleMinutes: number;
  /** Absolute lifetime of a session in hours, however active (TOKEN_MAX_HOURS, default 24). */
  tokenMaxHours: number;
  /** Wrong passwords in a row before the account locks, and for how long (minutes). */
  maxLoginFailures: number;
  lockMinutes: number;
  /** Folder with the built client (dist/client); served at '/' when present. */
  clientDir: string;
  /** Folders with screen schema JSON files (SCHEMAS_DIR, several joined by the path delimiter ':'). */
  schemasDirs: string[];
  /** Apply destructive screen-table changes at start (SCHEMA_FORCE=1; online/ddl.ts): convert changed column types, drop removed fields' columns. */
  schemaForce: boolean;
  /** Largest accepted upload in MB (UPLOAD_MAX_MB, default 50). */
  uploadMaxMb: number;
  /** Seed demo business rows on first start (SEED_DEMO=off to skip). */
  seedDemo: boolean;
  /** Only these tables of the demo business data (SEED_DEMO_TABLES, comma-joined; default: all). */
  seedDemoTables?: string[];
  /** Log level for fastify's pino logger. */
  logLevel: string;
  /** Longest wait (ms) for the embedded database's connection before a statement fails (DB_LOCK_TIMEOUT_MS, default 15000). */
  dbLockTimeoutMs: number;
  /** How long a user's grants are served from the permission cache (ms; tests shorten it). */
  grantCacheTtlMs: number;
  /** Longest graceful shutdown (ms) before SIGTERM/SIGINT end the process anyway (SHUTDOWN_TIMEOUT_MS, default 10000). */
  shutdownTimeoutMs: number;
  /** Graceful shutdown: requests still running this long (ms) after SIGTERM have their connections closed (SHUTDOWN_DRAIN_MS, default 8000). */
  shutdownDrainMs: number;
  /** A separate plain-HTTP port serving `GET /metrics` without a token (METRICS_PORT; unset = only the API route for signed-in monitors). */
  metricsPort?: number;
  /** Interface of the metrics port (METRICS_HOST, default 127.0.0.1). */
  metricsHost: string;
  /** Mean event-loop delay (ms) above which requests are refused with 503 + Retry-After (MAX_EVENT_LOOP_DELAY_MS, default 1000; 0 = off). */
  maxEventLoopDelayMs: number;
  /** How often the event-loop delay is sampled (ms; tests shorten it). */
  pressureSampleMs: number;
  /**
   * Origins a browser may call the API from with credentials (CORS_ORIGINS, comma list):
   * `true` = any origin (reflected; `*`), `false` = same origin only (the default).
   */
  corsOrigins: true | false | string[];
  /**
   * Proxies whose X-Forwarded-For is believed (TRUST_PROXY): a hop count, or a comma list of
   * addresses/CIDRs (`loopback`, `10.0.0.0/8` …); unset = none, the peer address is the client.
   */
  trustProxy: false | number | string[];
  /** Hosts or addresses a data-source test may reach although loopback or link-local (DATA_SOURCE_ALLOW_HOSTS, comma list). */
  dataSourceAllowHosts: string[];
  /** Time limit of an online report's queries in ms (REPORT_TIMEOUT_MS, default 15000; see cgreport/report-service.ts). */
  reportTimeoutMs: number;
  /** Most data rows one Excel import takes (IMPORT_MAX_ROWS, default 50000). */
  importMaxRows: number;
  /** Most MB an imported .xlsx may expand to, all its entries together (IMPORT_MAX_UNZIPPED_MB, default 100). */
  importMaxUnzippedMb: number;
  /**
   * Address of a kkFileView-style online preview service (ONLINE_PREVIEW_URL, spec 9), e.g.
   * `http://preview.example.com:8012/onlinePreview`: the client's file preview opens
   * `?url=<base64 file address>` there for the formats it handles. Only http(s) addresses count.
   */
  onlinePreviewUrl?: string;
  /** Request-signature secret (SIGN_SECRET): when set, the signed dictionary paths check X-Sign (api-contract §1.6). */
  signSecret?: string;
  /**
   * Requests a minute to the anonymous sign-in endpoints (login, SMS, registration, password
   * reset): per client IP (AUTH_RATE_PER_IP, default 30) and per account name or phone
   * (AUTH_RATE_PER_ACCOUNT, default 10). Over the limit: HTTP 429 请求过于频繁，请稍后再试.
   */
  authRatePerIp: number;
  authRatePerAccount: number;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** CORS_ORIGINS: unset, empty or `same-origin` → no other origin; `*` → any origin; else the comma list of origins. */
export function corsOriginsOf(raw: string | undefined): true | false | string[] {
  const v = (raw ?? '').trim();
  if (v === '*') return true;
  if (!v || v === 'same-origin') return false;
  return v
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

/** TRUST_PROXY: unset or empty → false; digits → a hop count; else the comma list of addresses/CIDRs. */
export function trustProxyOf(raw: string | undefined): false | number | string[] {
  const v = (raw ?? '').trim();
  if (!v || /^(off|false|no)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An http(s) address as given (trimmed), else undefined. */
export function httpUrlOf(raw: string | undefined): string | undefined {
  const v = (raw ?? '').trim();
  return /^https?:\/\/[^\s]+$/i.test(v) ? v : undefined;
}

/** Builds the configuration from `env` (defaults to process.env); `overrides` win (tests). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const off = (v: string | undefined) => v !== undefined && /^(off|false|0|no)$/i.test(v);
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    apiBase: (env.API_BASE ?? '/jeecg-boot').replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    captchaEnabled: !off(env.CAPTCHA),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    tokenIdleMinutes: Number(env.TOKEN_IDLE_MINUTES ?? 120),
    tokenMaxHours: Number(env.TOKEN_MAX_HOURS ?? 24),
    maxLoginFailures: Number(env.MAX_LOGIN_FAILURES ?? 5),
    lockMinutes: Number(env.LOCK_MINUTES ?? 10),
    clientDir: path.resolve(env.CLIENT_DIR ?? path.join(root, 'dist/client')),
    schemasDirs: (env.SCHEMAS_DIR ?? path.join(root, 'schemas'))
      .split(path.delimiter)
      .filter(Boolean)
      .map((d) => path.resolve(root, d)),
    uploadMaxMb: Number(env.UPLOAD_MAX_MB ?? 50),
    schemaForce: /^(1|true|on|yes)$/i.test(env.SCHEMA_FORCE ?? ''),
    seedDemo: !off(env.SEED_DEMO),
    seedDemoTables: env.SEED_DEMO_TABLES
      ? env.SEED_DEMO_TABLES.split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    signSecret: env.SIGN_SECRET || undefined,
    onlinePreviewUrl: httpUrlOf(env.ONLINE_PREVIEW_URL),
    dbLockTimeoutMs: Number(env.DB_LOCK_TIMEOUT_MS ?? 15_000),
    grantCacheTtlMs: 5_000,
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
    shutdownDrainMs: Number(env.SHUTDOWN_DRAIN_MS ?? 8_000),
    metricsPort: env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined,
    metricsHost: env.METRICS_HOST ?? '127.0.0.1',
    maxEventLoopDelayMs: Number(env.MAX_EVENT_LOOP_DELAY_MS ?? 1_000),
    pressureSampleMs: 1_000,
    corsOrigins: corsOriginsOf(env.CORS_ORIGINS),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    dataSourceAllowHosts: (env.DATA_SOURCE_ALLOW_HOSTS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    reportTimeoutMs: Number(env.REPORT_TIMEOUT_MS ?? 15_000),
    importMaxRows: Number(env.IMPORT_MAX_ROWS ?? 50_000),
    importMaxUnzippedMb: Number(env.IMPORT_MAX_UNZIPPED_MB ?? 100),
    authRatePerIp: Number(env.AUTH_RATE_PER_IP ?? 30),
    authRatePerAccount: Number(env.AUTH_RATE_PER_ACCOUNT ?? 10),
    ...overrides,
  };
}

export const projectRoot = root;
