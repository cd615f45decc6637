/// <reference types="vite/client" />

// `interface` (not `type`) because these merge with Vite's own declarations.
interface ImportMetaEnv {
  /** Support phone number shown in the footer. */
  readonly VITE_SUPPORT_PHONE?: string;
  /** Dev and preview only: where Vite proxies /api and /version.json (default http://localhost:3000). */
  readonly VITE_API_PROXY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
