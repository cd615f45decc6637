import type { OpenAPIHono } from "@hono/zod-openapi";
import type { TDatabase } from "./db/client";
import type { TStorage } from "./integrations/storage";
import type { TConfig } from "./lib/config";
import type { TLogger } from "./lib/logger";
import type { TSecretBox } from "./lib/secret-box";
import type { TAuth } from "./modules/auth/auth";
import type { TEmailService } from "./modules/email/service";

/** Everything a route or service may depend on, created once at start-up. */
export type TDeps = {
  config: TConfig;
  database: TDatabase;
  logger: TLogger;
  auth: TAuth;
  email: TEmailService;
  secretBox: TSecretBox;
  /** Uploaded files (form images): local disk or an S3-compatible bucket. */
  storage: TStorage;
  version: { version: string; builtAt: string };
  startedAt: number;
};

export type TSessionUser = { id: string; email: string; name: string; emailVerified: boolean };

export type TAppEnv = {
  Variables: {
    requestId: string;
    log: TLogger;
    /** Set by requireSession; read it through currentUser(c). */
    user?: TSessionUser;
    sessionId?: string;
  };
};

export type TApp = OpenAPIHono<TAppEnv>;
