// @vitest-environment node
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./form-values";
import { readCreatePasswordLink } from "./pages/create-password-page";
import { findRecoveryParams } from "./pages/reset-redirect-page";
import { readResetLink } from "./reset-token";

describe("readResetLink", () => {
  it("takes the token from the query or the hash", () => {
    expect(readResetLink("?token=abc", "")).toEqual({ type: "valid", token: "abc" });
    expect(readResetLink("", "#token=def")).toEqual({ type: "valid", token: "def" });
    expect(readResetLink("", "#access_token=ghi&refresh_token=r&type=recovery")).toEqual({
      type: "valid",
      token: "ghi",
    });
  });

  it("lists why a link is unusable", () => {
    expect(readResetLink("?error=INVALID_TOKEN", "")).toEqual({ type: "invalid", reason: "invalid" });
    expect(readResetLink("", "#error_code=otp_expired")).toEqual({ type: "invalid", reason: "expired" });
    expect(readResetLink("", "")).toEqual({ type: "invalid", reason: "incomplete" });
    expect(readResetLink("", "#access_token=x&type=signup")).toEqual({
      type: "invalid",
      reason: "incomplete",
    });
  });
});

describe("findRecoveryParams", () => {
  it("finds the code in the query, the hash or the path", () => {
    expect(findRecoveryParams("/auth/reset-password-redirect", "?code=q1", "").get("token")).toBe("q1");
    expect(findRecoveryParams("/auth/recovery", "", "#code=h1").get("token")).toBe("h1");
    expect(findRecoveryParams("/auth/recovery/p1", "", "").get("token")).toBe("p1");
  });

  it("accepts access and refresh tokens only with type=recovery", () => {
    expect(
      findRecoveryParams("/auth/recovery", "?access_token=a&refresh_token=r&type=recovery", "").get("token"),
    ).toBe("a");
    expect(findRecoveryParams("/auth/recovery", "?access_token=a&refresh_token=r", "").toString()).toBe("");
    expect(findRecoveryParams("/auth/recovery", "?error=expired", "").get("error")).toBe("expired");
  });
});

describe("readCreatePasswordLink", () => {
  it("knows invite and magic-link tokens, and access tokens with a refresh token", () => {
    expect(readCreatePasswordLink("?token=t&type=invite", "")).toEqual({ kind: "invite", token: "t" });
    expect(readCreatePasswordLink("?token=t&type=magiclink", "")).toEqual({
      kind: "password-link",
      token: "t",
    });
    expect(readCreatePasswordLink("", "#access_token=a&refresh_token=r")).toEqual({
      kind: "password-link",
      token: "a",
    });
    expect(readCreatePasswordLink("?token=t", "")).toBeNull();
    expect(readCreatePasswordLink("?token=t&type=signup", "")).toBeNull();
  });
});

describe("safeRedirectPath", () => {
  it("keeps our own paths and refuses anything that leaves the site", () => {
    expect(safeRedirectPath("/buyer/dashboard", "/x")).toBe("/buyer/dashboard");
    for (const bad of ["https://evil.test", "//evil.test", "/\\evil.test", "javascript:alert(1)", "", null]) {
      expect(safeRedirectPath(bad, "/lead-buyer")).toBe("/lead-buyer");
    }
  });
});
