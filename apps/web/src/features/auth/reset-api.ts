import type { TPathFor } from "@/lib/api/typed-client";
import { api } from "@/lib/api/typed-client";
import { open, schema } from "./api-base";

// The password reset calls (forgot, reset link, code) and the reset page's company branding.

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
