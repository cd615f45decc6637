// @vitest-environment node
import { describe, expect, it } from "vitest";
import { apiErrorFromBody } from "./api-error";

describe("apiErrorFromBody", () => {
  it("reads the API's error shape", () => {
    const error = apiErrorFromBody(422, {
      error: {
        code: "VALIDATION_FAILED",
        message: "email: bad",
        requestId: "r1",
        fields: { email: ["bad"] },
      },
    });
    expect(error).toMatchObject({
      status: 422,
      code: "VALIDATION_FAILED",
      message: "email: bad",
      requestId: "r1",
      fields: { email: ["bad"] },
    });
  });

  it("reads better-auth's flat shape and takes the request id from the header", () => {
    const error = apiErrorFromBody(403, { code: "EMAIL_NOT_VERIFIED", message: "Email not verified" }, "r2");
    expect(error).toMatchObject({ status: 403, code: "EMAIL_NOT_VERIFIED", requestId: "r2" });
  });

  it("falls back to a code and message from the status", () => {
    expect(apiErrorFromBody(502, "<html>Bad gateway</html>")).toMatchObject({
      code: "INTERNAL",
      status: 502,
    });
    expect(apiErrorFromBody(429, undefined)).toMatchObject({ code: "RATE_LIMITED" });
  });
});
