// @vitest-environment node
import { describe, expect, it } from "vitest";
import { keepsIdempotencyKey, RequestFailure, SUBMIT_MESSAGES, submitErrorMessage } from "./submit";

const failure = (status: number, message = "", timedOut = false) =>
  new RequestFailure(status, message, timedOut);

describe("submitErrorMessage", () => {
  it("uses the texts of 001 §8", () => {
    expect(submitErrorMessage(failure(0, "", true))).toBe(SUBMIT_MESSAGES.TIMEOUT);
    expect(submitErrorMessage(failure(0))).toBe(SUBMIT_MESSAGES.NETWORK);
    expect(submitErrorMessage(failure(422))).toBe("Invalid form data. Please check your inputs.");
    expect(submitErrorMessage(failure(403))).toBe("Access denied. Please contact support.");
    expect(submitErrorMessage(failure(429, "Too many submissions."))).toBe("Too many submissions.");
    expect(submitErrorMessage(failure(500))).toBe("Failed to submit form. Please try again.");
    expect(submitErrorMessage(new Error("boom"))).toBe("Failed to submit form. Please try again.");
  });

  it("keeps the idempotency key only when the answer was lost", () => {
    expect(keepsIdempotencyKey(failure(0))).toBe(true);
    expect(keepsIdempotencyKey(failure(503))).toBe(true);
    expect(keepsIdempotencyKey(failure(422))).toBe(false);
  });
});
