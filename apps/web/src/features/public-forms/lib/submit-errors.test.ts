import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE } from "@/lib/api-error";
import { keepsIdempotencyKey, SUBMIT_MESSAGES, submitErrorMessage } from "./submit-errors";

const apiError = (status: number, code = "X", message = "") => new ApiError({ status, code, message });

describe("submitErrorMessage", () => {
  it("uses the texts of 001 §8", () => {
    expect(submitErrorMessage(apiError(0, TIMEOUT_ERROR_CODE))).toBe(SUBMIT_MESSAGES.TIMEOUT);
    expect(submitErrorMessage(apiError(0, NETWORK_ERROR_CODE))).toBe(SUBMIT_MESSAGES.NETWORK);
    expect(submitErrorMessage(apiError(422))).toBe("Invalid form data. Please check your inputs.");
    expect(submitErrorMessage(apiError(403))).toBe("Access denied. Please contact support.");
    expect(submitErrorMessage(apiError(429, "RATE_LIMITED", "Too many submissions."))).toBe(
      "Too many submissions.",
    );
    expect(submitErrorMessage(apiError(500))).toBe("Failed to submit form. Please try again.");
    expect(submitErrorMessage(new Error("boom"))).toBe("Failed to submit form. Please try again.");
  });

  it("keeps the idempotency key only when the answer was lost", () => {
    expect(keepsIdempotencyKey(apiError(0, NETWORK_ERROR_CODE))).toBe(true);
    expect(keepsIdempotencyKey(apiError(503))).toBe(true);
    expect(keepsIdempotencyKey(apiError(422))).toBe(false);
  });
});
