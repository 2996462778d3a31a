/// <reference types="vite/client" />

/** API base path injected by vite.config.ts `define` (default '/jeecg-boot', DESIGN "Processes and URLs"). */
declare const __API_BASE__: string;

interface ImportMetaEnv {
  /** Request-signing secret (api-contract §1.6); falls back to the JeecgBoot default. */
  readonly VITE_SIGNATURE_SECRET?: string;
  /** Filing (ICP) number shown in the login layout's footer (spec 1); omitted when unset. */
  readonly VITE_FILING_NUMBER?: string;
  /** Contact line shown in the login layout's footer (spec 1); omitted when unset. */
  readonly VITE_CONTACT?: string;
  /** Handsontable licence key (the editable table); default 'non-commercial-and-evaluation'. */
  readonly VITE_HANDSONTABLE_LICENSE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
