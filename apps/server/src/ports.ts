import type { SQL } from "drizzle-orm";
import type { Db } from "./db/client";
import type { emailMessages } from "./db/schema";
import type { TAuthHandle } from "./lib/better-auth-adapter";
import type { SafeHtml } from "./lib/html";

/*
 * The services TDeps hands to plugins and modules, described by what the server asks of them, so that
 * nothing depends on the module that makes one: the composition (wire.ts) plugs in the auth module's
 * better-auth instance, the e-mail module's service and the credit ledger's bid payment.
 */

/** A signed-in session as better-auth hands it over (the fields the server reads). */
export type TAuthSession = {
  session: { id: string; token: string; expiresAt: Date; createdAt: Date };
  user: { id: string; email: string; name: string; emailVerified: boolean };
};

/** Sign-in, sessions and impersonation (modules/auth: better-auth with Leadpost's plugins). */
export type TAuthPort = TAuthHandle & {
  /** Answers better-auth's own endpoints (/api/auth/…). */
  handler(request: Request): Promise<Response>;
  api: {
    getSession(input: { headers: Headers }): Promise<TAuthSession | null>;
    signUpEmail(input: {
      body: { email: string; password: string; name: string; callbackURL: string };
    }): Promise<unknown>;
    /** Signs in; the answer carries the session cookie to pass on. */
    signInEmail(input: {
      body: { email: string; password: string };
      headers: Headers;
      asResponse: true;
    }): Promise<Response>;
    sendVerificationEmail(input: { body: { email: string; callbackURL: string } }): Promise<unknown>;
    platformImpersonate(input: {
      body: { userId: string };
      headers: Headers;
      returnHeaders: true;
    }): Promise<{ headers: Headers; response: { sessionId: string; expiresAt: Date | string } }>;
    platformStopImpersonating(input: {
      headers: Headers;
      returnHeaders: true;
    }): Promise<{ headers: Headers; response: { restored: boolean } }>;
    /** better-auth's description of its endpoints, for the API document. */
    generateOpenAPISchema(): Promise<unknown>;
  };
};

export type TEmailInput = {
  companyId?: string | null;
  to: string;
  subject: string;
  /** Built with lib/html.ts `html` (or emailLayout): every text in it is escaped. */
  html: SafeHtml;
  text?: string;
  /** What the message is for (verification, reset, invitation…), for the log. */
  kind: string;
};

export type TEmailMessageRow = typeof emailMessages.$inferSelect;
/** Queues delivery of a stored message now or after a delay; the job queue's worker calls deliver(). */
export type TEmailEnqueue = (messageId: string, delaySeconds?: number) => Promise<unknown>;
/** Queues delivery of many stored messages at once (one statement). */
export type TEmailEnqueueMany = (messageIds: string[]) => Promise<unknown>;

/** Transactional e-mail (modules/email): stored and queued at once, delivered by the job worker. */
export type TEmailPort = {
  /** Lets the job queue take over delivery (set once at start-up; tests may leave it unset). */
  attachQueue(fn: TEmailEnqueue, many?: TEmailEnqueueMany): void;
  /** Stores the message and queues its delivery; returns at once with the stored row. */
  send(input: TEmailInput): Promise<TEmailMessageRow>;
  /** Stores many messages with one insert and queues them together; answers their ids. */
  sendMany(inputs: readonly TEmailInput[]): Promise<string[]>;
  /** Like sendMany, stored only for the keys `claim` returns (a retried job writes nothing twice). */
  sendManyClaimed(
    inputs: readonly (TEmailInput & { key: string })[],
    claim: SQL | { steps: SQL; keys: SQL },
  ): Promise<string[]>;
  /** The worker's step: sends the message once if it is still waiting (never inside a transaction). */
  deliver(messageId: string): Promise<TEmailMessageRow | null>;
  /** The sweep: sends every message due; answers how many. */
  deliverDue(limit?: number): Promise<number>;
  /** Sends a failed message of the company again. */
  resend(companyId: string, messageId: string): Promise<TEmailMessageRow | null>;
  /** The development mailbox: newest stored messages, optionally for one address. */
  listMailbox(opts?: { to?: string; limit?: number }): Promise<TEmailMessageRow[]>;
};

/**
 * Pays one winning bid of the highest-price method in the routing's transaction (the credit ledger's
 * payLeadBid); false when the buyer's credits do not cover it.
 */
export type TBidPayer = (
  tx: Db,
  bid: { companyId: string; buyerId: string; leadId: string; credits: number },
) => Promise<boolean>;
