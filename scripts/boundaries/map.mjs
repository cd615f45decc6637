// The module map: every part of the code and what it may import. Anything not listed here is refused
// by `npm run check:boundaries` (and the unit test that runs it), so a new dependency between parts is
// a deliberate change of this file. docs/architecture.md's module table is generated from it.

/** What every server module may import besides the modules it lists. */
export const SERVER_MODULE_BASE = [
  "shared",
  "server:lib",
  "server:db",
  "server:integrations",
  "server:plugins",
  "server:ports",
];

/** Server modules (apps/server/src/modules/<name>) and the other modules each may import. */
export const SERVER_MODULES = {
  accounts: ["auth", "buyers"],
  "api-keys": ["lead-distribution"],
  auth: ["email"],
  "auth-events": [],
  backups: [],
  "buyer-portal": ["buyers", "lead-distribution", "leads", "settings"],
  buyers: ["auth", "email", "lead-distribution", "niches"],
  "call-tracking": ["realtime"],
  calls: ["call-tracking", "realtime", "stored-files"],
  "company-admin": ["lead-distribution", "platform-admin", "subscriptions"],
  credits: ["settings"],
  dashboard: [],
  email: [],
  forms: ["lead-distribution", "stored-files"],
  // Intake, routing worker, decisions, previews and new-lead notices: one pipeline (docs/routing.md).
  "lead-distribution": ["email", "lead-delivery"],
  // Signed posts of a lead into the buyer's own systems, sent by the queue (docs/lead-delivery.md).
  "lead-delivery": ["email"],
  leads: ["lead-distribution", "settings"],
  maintenance: [],
  niches: [],
  payments: ["credits", "realtime"],
  "platform-admin": ["auth", "email", "team"],
  purchases: ["credits", "lead-delivery", "lead-distribution"],
  realtime: ["lead-distribution"],
  returns: ["credits", "email"],
  session: ["buyers"],
  settings: ["calls", "email", "realtime", "stored-files"],
  "stored-files": [],
  subscriptions: ["payments", "platform-admin"],
  system: ["email"],
  team: ["auth", "email"],
};

/**
 * The other parts and what each may import. `module:*` is any module (through its index.ts),
 * `feature:*` any web feature (app/ composes them). Test files may also import `web:test`.
 */
export const LAYERS = {
  shared: [],
  "server:app": ["shared", "server:*", "module:*"],
  "server:jobs": ["server:db", "server:lib", "server:ports", "module:*"],
  "server:seed": ["shared", "server:db", "server:integrations", "server:ports", "module:*"],
  // app-types.ts and ports.ts: what plugins and modules depend on, never a module or a plugin.
  "server:ports": ["shared", "server:db", "server:integrations", "server:lib"],
  "server:plugins": ["shared", "server:db", "server:lib", "server:ports"],
  "server:lib": ["shared", "server:db", "server:integrations", "server:plugins"],
  "server:db": ["shared", "server:lib", "server:jobs"],
  "server:integrations": ["shared", "server:lib"],
  "web:app": ["shared", "web:lib", "web:ui", "feature:*"],
  "web:lib": ["shared", "web:ui"],
  "web:ui": ["shared", "web:lib"],
  "web:public-form": ["shared"],
  // The sign-in page reuses the sign-in feature's rules and the theme menu without the React app.
  "web:sign-in": ["shared", "web:app", "web:lib", "web:public-form", "feature:auth", "feature:theme"],
  "web:test": ["shared"],
  // Every web feature: shared code, components and app/'s route access rules; never another feature.
  "feature:*": ["shared", "web:lib", "web:ui", "web:app", "web:public-form"],
};

/** Where a newcomer looks for each capability (checked: every path exists). */
export const WHERE_THINGS_LIVE = [
  [
    "Form submissions: the public accept path, spam checks",
    "apps/server/src/modules/lead-distribution/intake",
  ],
  ["The routing worker: claims, retries, wake-ups", "apps/server/src/modules/lead-distribution/worker"],
  ["Lead routing: which buyers get a lead, and why", "apps/server/src/modules/lead-distribution/decide"],
  [
    "Buyer eligibility, defined once (TypeScript and SQL)",
    "apps/server/src/modules/lead-distribution/decide/eligibility.ts",
  ],
  ["Buyer previews of a routed lead", "apps/server/src/modules/lead-distribution/previews"],
  ["New-lead notice e-mails", "apps/server/src/modules/lead-distribution/notices"],
  ["Call center: Twilio voice webhooks, call routing, agents, voicemail", "apps/server/src/modules/calls"],
  ["Call tracking (DNI): numbers swapped per visitor source", "apps/server/src/modules/call-tracking"],
  ["Credits: the ledger, balances, expiry", "apps/server/src/modules/credits"],
  ["Purchases: a buyer unlocking a lead with credits", "apps/server/src/modules/purchases"],
  ["PayPal payments and the one webhook intake", "apps/server/src/modules/payments"],
  ["Subscriptions (the company's plan)", "apps/server/src/modules/subscriptions"],
  ["Impersonation by platform admins, and its guard", "apps/server/src/modules/platform-admin"],
  ["Delivery of leads into buyers' systems (signed webhooks)", "apps/server/src/modules/lead-delivery"],
  ["Returns and refunds of bought leads", "apps/server/src/modules/returns"],
  ["Backups and restores", "apps/server/src/modules/backups"],
  ["Uploaded files and their cleanup", "apps/server/src/modules/stored-files"],
  ["Sign-in, sessions, passwords", "apps/server/src/modules/auth"],
  ["Live events (server-sent events)", "apps/server/src/modules/realtime"],
  ["Realtime channels and payloads (shared contract)", "packages/shared/src/domain/realtime.ts"],
  ["Background jobs (the queue and every job)", "apps/server/src/jobs"],
  ["PL/pgSQL and migrations", "apps/server/drizzle"],
  ["The web app's routes and role rules", "apps/web/src/app"],
];
