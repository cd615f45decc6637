// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-error";
import { signInWithEmail } from "./api";
import { LOGIN_RETRY_DELAY_MS } from "./login-errors";
import { signInWithRetry } from "./sign-in-with-retry";

vi.mock("./api", () => ({ signInWithEmail: vi.fn() }));
const mockedSignIn = vi.mocked(signInWithEmail);
const input = { email: "a@example.com", password: "12345678" };

describe("signInWithRetry", () => {
  beforeEach(() => {
    mockedSignIn.mockReset();
  });

  it("retries once after 600 ms when the auth service fails internally", async () => {
    mockedSignIn.mockRejectedValueOnce(new ApiError({ status: 500, code: "INTERNAL", message: "boom" }));
    mockedSignIn.mockResolvedValueOnce({});
    const delay = vi.fn(() => Promise.resolve());
    await signInWithRetry(input, delay);
    expect(delay).toHaveBeenCalledWith(LOGIN_RETRY_DELAY_MS);
    expect(mockedSignIn).toHaveBeenCalledTimes(2);
  });

  it("gives up after the one retry", async () => {
    mockedSignIn.mockRejectedValue(new ApiError({ status: 503, code: "UNAVAILABLE", message: "down" }));
    await expect(signInWithRetry(input, () => Promise.resolve())).rejects.toMatchObject({ status: 503 });
    expect(mockedSignIn).toHaveBeenCalledTimes(2);
  });

  it("does not retry wrong credentials", async () => {
    mockedSignIn.mockRejectedValue(
      new ApiError({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD", message: "no" }),
    );
    const delay = vi.fn(() => Promise.resolve());
    await expect(signInWithRetry(input, delay)).rejects.toMatchObject({ status: 401 });
    expect(mockedSignIn).toHaveBeenCalledTimes(1);
    expect(delay).not.toHaveBeenCalled();
  });
});
