import { RESET_MESSAGES } from "@leadpost/shared";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
// better-auth's minimal entry (no Kysely: the drizzle adapter is the database) and each plugin from its
// own path: the package's index and its plugins index load every database driver and plugin, about 1 s
// of each process start on a busy machine.
import { betterAuth } from "better-auth/minimal";
import { emailOTP } from "better-auth/plugins/email-otp";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { openAPI } from "better-auth/plugins/open-api";
import type { Db } from "../../db/client";
import { accounts, rateLimits, sessions, users, verifications } from "../../db/schema";
import type { TConfig } from "../../lib/config";
import type { TLogger } from "../../lib/logger";
import { productOrigins } from "../../plugins/origin-check";
import type { TEmailService } from "../email";
import { recordAuthEvent } from "./auth-events";
import { oneTimeCodeEmail, resetPasswordEmail, verificationEmail } from "./emails";
import { platformImpersonation, type TImpersonationEnded } from "./impersonation-plugin";
import { hashPassword, verifyPassword } from "./password";

/** Header our own request handler sets from the socket (or a trusted proxy); clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-leadpost-client-ip";

const RESET_LINK_SECONDS = 60 * 60;
const ONE_TIME_CODE_SECONDS = 10 * 60;
const SIGN_UP_PASSWORD_MIN = 8;

// Sign-out is recorded by our route wrapper (routes.ts), which can still see the session.
const EVENT_FOR_PATH: Record<string, "login" | "signup"> = {
  "/sign-in/email": "login",
  "/sign-up/email": "signup",
  // Google sign-in finishes here (success, or a redirect carrying the error).
  "/callback/:id": "login",
  "/oauth2/callback/:providerId": "login",
};

export function createAuth(opts: {
  db: Db;
  config: TConfig;
  secret: string;
  email: TEmailService;
  logger: TLogger;
  /** Told when a platform admin's impersonation ends (the platform-admin module audits it; wired in wire.ts). */
  onImpersonationEnded?: (ended: TImpersonationEnded) => Promise<void>;
}) {
  const { config, email, db, logger } = opts;

  return betterAuth({
    appName: "Leadpost",
    logger: { disabled: config.logLevel === "silent" },
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: opts.secret,
    // PUBLIC_URL's origin, and in development its other loopback spellings (localhost / 127.0.0.1).
    trustedOrigins: productOrigins(config),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // 6 is the reset flows' minimum (spec 000 §5.2); sign-up paths check 8 in their own schemas.
      minPasswordLength: 6,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      requireEmailVerification: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // url checks the token, then redirects to the page the request named (general or buyer reset).
      sendResetPassword: async ({ user, url }) => {
        await email.send({ to: user.email, kind: "password_reset", ...resetPasswordEmail(url) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await email.send({
          to: user.email,
          kind: "email_verification",
          ...verificationEmail(user.name, url),
        });
      },
    },
    // Reset tokens and codes are stored as hashes; better-auth deletes each on use (single use).
    verification: { storeIdentifier: "hashed" },
    account: {
      // Google may sign in to an existing account only when that account's own e-mail is verified.
      accountLinking: { enabled: true, requireLocalEmailVerified: true, trustedProviders: [] },
    },
    plugins: [
      platformImpersonation({ onEnded: opts.onImpersonationEnded }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: config.google.discoveryUrl,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
      emailOTP({
        otpLength: 6,
        expiresIn: ONE_TIME_CODE_SECONDS,
        allowedAttempts: 5,
        storeOTP: "hashed",
        disableSignUp: true,
        sendVerificationOTP: async ({ email: to, otp }) => {
          await email.send({ to, kind: "one_time_code", ...oneTimeCodeEmail(otp) });
        },
      }),
      // The auth endpoints' OpenAPI description, merged into /api/openapi.json (no separate reference page).
      openAPI({ disableDefaultReference: true }),
    ],
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 120,
      // Keyed by client IP and path, never by account: an attacker cannot lock a victim out.
      customRules: {
        "/sign-in/email": { window: 60, max: config.signInsPerIpPerMinute },
        "/sign-in/social": { window: 60, max: config.signInsPerIpPerMinute },
        "/sign-up/email": { window: 60 * 60, max: 20 },
        "/request-password-reset": { window: 60, max: 5 },
        "/email-otp/send-verification-otp": { window: 60, max: 5 },
        "/email-otp/reset-password": { window: 60, max: 10 },
        "/send-verification-email": { window: 60, max: 5 },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    advanced: {
      database: { generateId: "uuid" },
      useSecureCookies: config.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      // Reset flows accept 6 characters; signing up needs 8 (000 §5.2 and §9).
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown };
        if (ctx.path === "/sign-up/email") {
          if (typeof body.password === "string" && body.password.length < SIGN_UP_PASSWORD_MIN) {
            throw APIError.from("BAD_REQUEST", {
              code: "PASSWORD_TOO_SHORT",
              message: "Password must be at least 8 characters long.",
            });
          }
        }
        // The reset pages promise that leading and trailing spaces are refused (000 §5.2).
        const resetPassword =
          ctx.path === "/reset-password"
            ? body.newPassword
            : ctx.path === "/email-otp/reset-password"
              ? body.password
              : null;
        if (typeof resetPassword === "string" && resetPassword !== resetPassword.trim()) {
          throw APIError.from("BAD_REQUEST", { code: "PASSWORD_SPACES", message: RESET_MESSAGES.NO_SPACES });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const eventType = EVENT_FOR_PATH[ctx.path];
        if (!eventType) return;
        const returned = ctx.context.returned;
        const body = (ctx.body ?? {}) as { email?: string };
        const sessionUser = ctx.context.newSession?.user ?? ctx.context.session?.user ?? null;
        let failed = returned instanceof APIError;
        let errorMessage = failed ? (returned as APIError).message : null;
        if (ctx.path.startsWith("/callback/") || ctx.path.startsWith("/oauth2/callback/")) {
          // The OAuth callback always answers with a redirect; it worked when it made a session.
          failed = !ctx.context.newSession;
          errorMessage = failed ? oauthRedirectError(returned, config.publicUrl) : null;
        }
        await recordAuthEvent(db, logger, {
          eventType,
          status: failed ? "error" : "success",
          email: body.email ?? sessionUser?.email ?? null,
          userId: sessionUser?.id ?? null,
          errorMessage,
          ipAddress: ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null,
          userAgent: ctx.request?.headers.get("user-agent") ?? null,
        });
      }),
    },
  });
}

export type TAuth = ReturnType<typeof createAuth>;

/** The `error` the OAuth callback put on its redirect, e.g. "account_not_linked". */
function oauthRedirectError(returned: unknown, base: string): string {
  // A redirect error of the router underneath, not always our APIError class: read it by shape.
  const raw = (returned as { headers?: ConstructorParameters<typeof Headers>[0] } | null)?.headers;
  const location = raw ? new Headers(raw).get("location") : null;
  if (!location) return "Google sign-in failed";
  return new URL(location, base).searchParams.get("error") ?? "Google sign-in failed";
}
