import type {
  TAcceptTeamInvitation,
  TCompanyRegistration,
  TInvitationDetails,
  TTeamInvitationDetails,
} from "@leadpost/shared";
import { api, type TPathFor } from "@/lib/api/typed-client";
import { devSchemas } from "@/lib/dev-schemas";

// The answers' schemas are checked in development and tests only (plain objects, no defaults or
// transforms): a production build types the answers, as the layouts' calls, so no account page downloads
// zod to read them (bench/bundle-size.mjs).
const schema = devSchemas(import.meta.env.DEV ? () => import("./api-schemas") : undefined);

// better-auth endpoints mounted by the API server at /api/auth/*, and our account endpoints.

export type TSignInInput = { email: string; password: string };
const open = { allowUnauthenticated: true } as const;

export function signInWithEmail(input: TSignInInput): Promise<unknown> {
  return api.post("/api/auth/sign-in/email", { body: input, ...open });
}

// Its own file: the layouts' sign-out button needs nothing else from here.
export { signOut } from "./sign-out-api";

export function fetchSignInOptions(signal?: AbortSignal) {
  return api.get("/api/sign-in-options", { ...open, schema: schema("ZSignInOptionsSchema"), signal });
}

/** Starts Google OAuth; resolves the provider URL the browser must open. */
export async function startGoogleSignIn(callbackURL = "/auth/callback"): Promise<string> {
  const answer = await api.post("/api/auth/sign-in/social", {
    body: { provider: "google", callbackURL, errorCallbackURL: "/auth/callback" },
    ...open,
    schema: schema("ZSocialSignInSchema"),
  });
  if (!answer.url) throw new Error("The server did not return a Google sign-in address.");
  return answer.url;
}

export function registerCompany(input: TCompanyRegistration) {
  return api.post("/api/accounts/company", {
    body: input,
    ...open,
    schema: schema("ZCompanyRegistrationResultSchema"),
  });
}

export function resendVerification(email: string): Promise<unknown> {
  return api.post("/api/auth/send-verification-email", {
    body: { email, callbackURL: "/auth/callback" },
    ...open,
  });
}

export function fetchInvitation(token: string): Promise<TInvitationDetails> {
  return api.get("/api/invitations/{token}", {
    params: { token },
    ...open,
    schema: schema("ZInvitationDetailsSchema"),
  });
}

export function acceptInvitation(
  token: string,
  input: { password: string; confirmPassword: string },
  timeoutMs?: number,
) {
  return api.post("/api/invitations/{token}/accept", {
    params: { token },
    body: input,
    ...open,
    timeoutMs,
    schema: schema("ZAcceptedSchema"),
  });
}

/** After Google sign-in: accept the invitation as the signed-in user. */
export function acceptInvitationAsSessionUser(token: string) {
  return api.post("/api/accounts/invitations/{token}/accept-session", {
    params: { token },
    body: {},
    schema: schema("ZAcceptedSchema"),
  });
}

/**
 * Called at sign-in: how many buyer invitations to the user's address wait for an answer (nothing is
 * linked until the user accepts one on /invitations); failures count as none.
 */
export function linkBuyer(): Promise<number> {
  return api
    .post("/api/session/link-buyer", { body: {}, schema: schema("ZLinkedBuyerSchema") })
    .then((body) => body.invitations.length)
    .catch(() => 0);
}

/** Where a user with invitations waiting answers them. */
export const INVITATIONS_PATH = "/invitations";

export function ensureBuyerAccount() {
  return api.post("/api/session/buyer-account", { body: {}, schema: schema("ZBuyerAccountSchema") });
}

export type TResetAudience = "general" | "buyer";
export const RESET_PAGE: Record<TResetAudience, string> = {
  general: "/auth/reset-password",
  buyer: "/buyer/reset-password",
};
export const FORGOT_PAGE: Record<TResetAudience, string> = {
  general: "/auth/forgot-password",
  buyer: "/buyer/forgot-password",
};

/** Spec 000 §9: wait 30 s when the server does not say how long. */
export const DEFAULT_RATE_LIMIT_SECONDS = 30;

export type TSendOutcome = { type: "sent" } | { type: "rate-limited"; seconds: number };

/**
 * POSTs a "send me something by e-mail" request. A rate limit reports its wait (Retry-After); any
 * other failure counts as sent, so the page never reveals whether an account exists (000 §8).
 */
async function sendByEmail(path: TPathFor<"post">, body: unknown): Promise<TSendOutcome> {
  try {
    const response = await fetch(path, {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
    if (response.status === 429) {
      const header = Number(response.headers.get("retry-after") ?? response.headers.get("x-retry-after"));
      return {
        type: "rate-limited",
        seconds: Number.isFinite(header) && header > 0 ? Math.ceil(header) : DEFAULT_RATE_LIMIT_SECONDS,
      };
    }
  } catch {
    // Offline or refused: same generic answer.
  }
  return { type: "sent" };
}

export function requestPasswordReset(email: string, audience: TResetAudience) {
  return sendByEmail("/api/auth/request-password-reset", { email, redirectTo: RESET_PAGE[audience] });
}

export function sendResetCode(email: string) {
  return sendByEmail("/api/auth/email-otp/send-verification-otp", { email, type: "forget-password" });
}

export function resetPassword(token: string, newPassword: string, timeoutMs?: number): Promise<unknown> {
  return api.post("/api/auth/reset-password", { body: { token, newPassword }, ...open, timeoutMs });
}

/** 000 §2.8: whether a reset link can still be used, checked before asking for a new password. */
export function checkResetToken(token: string, signal?: AbortSignal) {
  return api.get("/api/accounts/reset-tokens/{token}", {
    params: { token },
    ...open,
    schema: schema("ZResetTokenCheckSchema"),
    signal,
  });
}

export function resetPasswordWithCode(input: { email: string; otp: string; password: string }) {
  return api.post("/api/auth/email-otp/reset-password", { body: input, ...open });
}

/** A company's name and logo for the reset page (000 §2.8 tenant_id). */
export function fetchCompanyBranding(companyId: string) {
  return api.get("/api/accounts/branding/{companyId}", {
    params: { companyId },
    ...open,
    schema: schema("ZBrandingSchema"),
  });
}

export function fetchTeamInvitation(token: string): Promise<TTeamInvitationDetails> {
  return api.get("/api/team-invitations/{token}", {
    params: { token },
    ...open,
    schema: schema("ZTeamInvitationDetailsSchema"),
  });
}

/** A newcomer joins the company with a name and password, and is signed in. */
export const acceptTeamInvitation = (token: string, input: TAcceptTeamInvitation) =>
  api.post("/api/team-invitations/{token}/accept", {
    params: { token },
    body: input,
    ...open,
    schema: schema("ZJoined"),
  });

/** The signed-in user with the invited address joins the company. */
export const acceptTeamInvitationAsUser = (token: string) =>
  api.post("/api/team-invitations/{token}/accept-session", {
    params: { token },
    body: {},
    schema: schema("ZJoined"),
  });
