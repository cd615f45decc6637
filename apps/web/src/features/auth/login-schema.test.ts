// @vitest-environment node
import { describe, expect, it } from "vitest";
import { LOGIN_EMAIL_MESSAGE, LOGIN_PASSWORD_MESSAGE, validateLogin } from "./login-schema";

describe("validateLogin", () => {
  it("signs in with the trimmed e-mail and the password as typed", () => {
    expect(validateLogin({ email: "  ann@example.com ", password: " secret12" })).toEqual({
      values: { email: "ann@example.com", password: " secret12" },
      errors: null,
    });
  });

  it("names each field that is wrong, with the spec's messages", () => {
    expect(validateLogin({ email: "", password: "" }).errors).toEqual({
      email: LOGIN_EMAIL_MESSAGE,
      password: LOGIN_PASSWORD_MESSAGE,
    });
    expect(validateLogin({ email: "ann@example.com", password: "1234567" }).errors).toEqual({
      password: LOGIN_PASSWORD_MESSAGE,
    });
  });

  it.each([
    "ann",
    "ann@",
    "@example.com",
    "ann@example",
    "ann@example.c",
    "ann@@example.com",
    "a b@example.com",
  ])("refuses %j as an e-mail address, as the zod schema did", (email) => {
    expect(validateLogin({ email, password: "long enough" }).errors).toEqual({ email: LOGIN_EMAIL_MESSAGE });
  });
});
