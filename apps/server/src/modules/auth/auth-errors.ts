import { AUTH_ERROR_MESSAGES, RESET_MESSAGES } from "@leadpost/shared";

/** Auth paths that send an e-mail: their rate limit speaks of e-mails (000 §8). */
const EMAIL_SENDING_PATHS = new Set([
  "/sign-up/email",
  "/send-verification-email",
  "/request-password-reset",
  "/email-otp/send-verification-otp",
]);
/** Paths whose password minimum is the reset flows' 6 (000 §5.2). */
const RESET_PATHS = new Set(["/reset-password", "/email-otp/reset-password"]);

export type TAuthErrorInput = {
  path: string;
  status: number;
  code?: string;
  message?: string;
  retryAfterSeconds?: number;
};

/**
 * The code and 000 §8 text for an error the auth service answered, so every endpoint speaks with the
 * same error body and the same words the screens show.
 */
export function describeAuthError({ path, status, code, message, retryAfterSeconds }: TAuthErrorInput): {
  code: string;
  message: string;
} {
  if (status === 429) {
    if (EMAIL_SENDING_PATHS.has(path))
      return { code: "RATE_LIMITED", message: AUTH_ERROR_MESSAGES.EMAIL_RATE_LIMIT };
    const wait = retryAfterSeconds ?? 60;
    return { code: "RATE_LIMITED", message: `Too many attempts. Please wait ${wait} seconds and try again.` };
  }
  if (status >= 500) {
    if (path === "/sign-in/email") return { code: "LOGIN_FAILED", message: AUTH_ERROR_MESSAGES.LOGIN_FAILED };
    return { code: "INTERNAL", message: "An unexpected error occurred. Please try again." };
  }
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
      return { code: "INVALID_EMAIL_OR_PASSWORD", message: AUTH_ERROR_MESSAGES.INVALID_EMAIL_OR_PASSWORD };
    case "EMAIL_NOT_VERIFIED":
      return { code, message: AUTH_ERROR_MESSAGES.EMAIL_NOT_VERIFIED };
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return { code: "USER_EXISTS", message: AUTH_ERROR_MESSAGES.USER_EXISTS };
    case "INVALID_EMAIL":
      return { code, message: AUTH_ERROR_MESSAGES.INVALID_EMAIL };
    case "PASSWORD_TOO_SHORT":
      return {
        code,
        message: RESET_PATHS.has(path) ? RESET_MESSAGES.PASSWORD_MIN : AUTH_ERROR_MESSAGES.PASSWORD_TOO_SHORT,
      };
    case "PASSWORD_SPACES":
      return { code, message: RESET_MESSAGES.NO_SPACES };
    case "INVALID_TOKEN":
      return { code, message: RESET_MESSAGES.LINK_INVALID };
    case "INVALID_OTP":
    case "OTP_EXPIRED":
      return { code: "INVALID_OTP", message: RESET_MESSAGES.CODE_INVALID };
    case "VALIDATION_ERROR":
      // The service's input check names the field: "[body.email] Invalid email address".
      if (message?.includes("body.email"))
        return { code: "INVALID_EMAIL", message: AUTH_ERROR_MESSAGES.INVALID_EMAIL };
      return { code: "VALIDATION_FAILED", message: message ?? "Invalid input" };
    case "TOO_MANY_ATTEMPTS":
      return { code, message: RESET_MESSAGES.CODE_ATTEMPTS };
    default:
      return { code: code || "BAD_REQUEST", message: "" };
  }
}

/**
 * Rewrites a failed auth response into our error body ({ error: { code, message, requestId } }),
 * keeping the status and headers (cookies, X-Retry-After). Successful answers pass through.
 */
export async function normalizeAuthResponse(
  response: Response,
  path: string,
  requestId: string | undefined,
): Promise<Response> {
  if (response.ok || !(response.headers.get("content-type") ?? "").includes("json")) return response;
  let body: { code?: string; message?: string } = {};
  try {
    body = (await response.clone().json()) as typeof body;
  } catch {
    return response;
  }
  const retryAfter = Number(response.headers.get("x-retry-after"));
  const described = describeAuthError({
    path,
    status: response.status,
    code: body.code,
    message: body.message,
    retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  });
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (response.status === 429 && !headers.has("retry-after") && headers.has("x-retry-after")) {
    headers.set("retry-after", headers.get("x-retry-after") ?? "");
  }
  const error = {
    code: described.code,
    message: described.message || body.message || "Request failed.",
    ...(requestId ? { requestId } : {}),
  };
  return new Response(JSON.stringify({ error }), { status: response.status, headers });
}
