/// <reference types="vite/client" />

/** API base path injected by vite.config.ts `define` (default '/jeecg-boot', DESIGN "Processes and URLs"). */
declare const __API_BASE__: string;

interface ImportMetaEnv {
  /** Request-signing secret (api-contract §1.6); falls back to the JeecgBoot default. */
  readonly VITE_SIGNATURE_SECRET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
