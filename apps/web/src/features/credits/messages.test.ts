// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError, NETWORK_ERROR_CODE, TIMEOUT_ERROR_CODE } from "@/lib/api-error";
import { adjustmentErrorToast } from "./messages";

const error = (status: number, code: string, message = "m") =>
  new ApiError({ status, code, message, requestId: "req-1" });

describe("adjustmentErrorToast", () => {
  it("shows the 002 §8 texts with the request id", () => {
    expect(adjustmentErrorToast(error(0, NETWORK_ERROR_CODE))).toEqual({
      title: "Network Error",
      description:
        "Unable to connect to the server. Please check your internet connection. (Request ID: req-1)",
    });
    expect(adjustmentErrorToast(error(0, TIMEOUT_ERROR_CODE)).title).toBe("Request Timeout");
    expect(adjustmentErrorToast(error(422, "INVALID_AMOUNT", "Please enter a valid amount."))).toEqual({
      title: "Invalid Input",
      description: "Please enter a valid amount. (Request ID: req-1)",
    });
    expect(adjustmentErrorToast(new Error("boom"))).toEqual({
      title: "Error",
      description: "An unexpected error occurred",
    });
  });
});
