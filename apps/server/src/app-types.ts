import type { OpenAPIHono } from "@hono/zod-openapi";
import type { TCompanyRole } from "@leadpost/shared";
import type { MiddlewareHandler } from "hono";
import type { TDatabase } from "./db/client";
import type { TStorage } from "./integrations/storage";
import type { TConfig } from "./lib/config";
import type { TJobSender } from "./lib/job-sender";
import type { TLogger } from "./lib/logger";
import type { TSecretBox } from "./lib/secret-box";
import type { TAuthPort, TBidPayer, TEmailPort } from "./ports";

/**
 * Everything a route or service may depend on, created once at start-up (wire.ts). The services are
 * ports (ports.ts): plugins and modules depend on what they do, not on the modules that make them.
 */
export type TDeps = {
  config: TConfig;
  database: TDatabase;
  logger: TLogger;
  auth: TAuthPort;
  email: TEmailPort;
  /** Pays the highest-price method's winning bids (the credit ledger, which routing may not import). */
  payBid: TBidPayer;
  /** Queues background jobs once the job queue runs (jobs/register.ts attaches it). */
  jobs: TJobSender;
  secretBox: TSecretBox;
  /** Uploaded files (form images): local disk or an S3-compatible bucket. */
  storage: TStorage;
  version: { version: string; builtAt: string };
  startedAt: number;
};

export type TSessionUser = { id: string; email: string; name: string; emailVerified: boolean };

/**
 * The request's session, its user and (for the buyer portal) the buyer record it acts as, as the
 * session plugins read it (plugins/session-lookup.ts).
 */
export type TSessionRow = {
  sessionId: string;
  token: string;
  expiresAt: Date;
  createdAt: Date;
  impersonatedBy: string | null;
  /** The impersonating admin's e-mail (null when not an impersonation, or the admin is gone). */
  impersonatorEmail: string | null;
  user: TSessionUser;
  /** Only when asked for: the user's chosen (or newest) active buyer record, null when none. */
  buyer?: { id: string; companyId: string } | null;
};

/** The company a request acts for; set by requireCompanyRole, read through companyContext(c). */
export type TCompanyContext = { userId: string; email: string; companyId: string; role: TCompanyRole };

/** Who acts for a company where no user is named: a signed-in member, or an API key acting as an owner. */
export type TCompanyActor = Pick<TCompanyContext, "companyId" | "role">;

/** Who a buyer-portal request acts as; set by requireBuyer, read through buyerContext(c). */
export type TBuyerContext = { userId: string; email: string; buyerId: string; companyId: string };

/** The API key a Lead API request presented, once checked: its company and kind (sandbox or production). */
export type TApiKeyCaller = { keyId: string; companyId: string; sandbox: boolean };

/**
 * Who may call a route, declared on each one with defineRoute (plugins/define-route.ts):
 * - public: anyone (public forms, webhooks, invitation pages, sign-up);
 * - user: any signed-in user, whether or not they belong to a company or a buyer;
 * - company: a member of a company, optionally only `roles` (refused with `deniedMessage`); the request
 *   then runs as that company;
 * - buyer: a buyer-portal user acting as one of their buyer records;
 * - admin: a platform admin (never while impersonating);
 * - apiKey: a company API key (Authorization: Bearer), checked before the route runs; the route reads
 *   it through apiKeyCaller(c) (plugins/api-key-caller.ts).
 */
export type TRouteAuthSpec = {
  auth: "public" | "user" | "company" | "buyer" | "admin" | "apiKey";
  roles?: readonly TCompanyRole[];
  deniedMessage?: string;
};

/** The middleware that enforces a route's declared auth; made by the composition (route-guards.ts). */
export type TRouteGuard = (spec: TRouteAuthSpec) => MiddlewareHandler<TAppEnv>;

export type TAppEnv = {
  Variables: {
    requestId: string;
    log: TLogger;
    /** The request's session, looked up once (plugins/session.ts resolveSession). */
    sessionLookup?: Promise<TSessionRow | null>;
    /** Set by requireSession; read it through currentUser(c). */
    user?: TSessionUser;
    sessionId?: string;
    /** Set by requireSession: the platform admin's user id when this session is an impersonation. */
    impersonatedBy?: string | null;
    companyContext?: TCompanyContext;
    buyerContext?: TBuyerContext;
    /** Set by the apiKey route guard; read it through apiKeyCaller(c). */
    apiKeyCaller?: TApiKeyCaller;
    /** Set on every request by app.ts; defineRoute's routes run it for their declared auth. */
    routeGuard?: TRouteGuard;
  };
};

export type TApp = OpenAPIHono<TAppEnv>;
