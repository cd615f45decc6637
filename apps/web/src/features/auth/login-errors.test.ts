// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-error";
import { LOGIN_MESSAGES, loginErrorMessage } from "./login-errors";

const err = (status: number, code: string, message = "x") => new ApiError({ status, code, message });

describe("loginErrorMessage", () => {
  it("maps invalid credentials, unverified e-mail and internal errors to the spec's texts", () => {
    expect(loginErrorMessage(err(401, "INVALID_EMAIL_OR_PASSWORD"))).toBe(LOGIN_MESSAGES.invalidCredentials);
    expect(loginErrorMessage(err(403, "EMAIL_NOT_VERIFIED"))).toBe(
      "Your email has not been verified. Please check your inbox for the verification link",
    );
    expect(loginErrorMessage(err(500, "INTERNAL"))).toBe(
      "Login failed. Please try again in a moment or reset your password.",
    );
    expect(loginErrorMessage(err(0, "NETWORK_ERROR"))).toBe(LOGIN_MESSAGES.internal);
  });

  it("passes other server explanations (e.g. a rate limit) through", () => {
    expect(loginErrorMessage(err(429, "RATE_LIMITED", "Too many requests. Try again later."))).toBe(
      "Too many requests. Try again later.",
    );
  });
});
