// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { isRawErrorText, presentApiError } from "./api-error-presenter";

describe("presentApiError", () => {
  it("turns field errors into words that name the field", () => {
    const error = new ApiError({
      status: 422,
      code: "VALIDATION_FAILED",
      message: "Field 8, option 3 must not be empty.",
      fields: {
        "fields.7.options.2": ["Field 8, option 3 must not be empty."],
        title: ["Too small: expected string to have >=1 characters"],
      },
    });
    const presented = presentApiError(error);
    expect(presented.fields["fields.7.options.2"]).toBe("Field 8, option 3 must not be empty.");
    expect(presented.fields.title).toBe("Title is not valid; check it and try again.");
    expect(presented.message).toBe("Field 8, option 3 must not be empty. (and 1 more problem)");
  });

  it("uses a screen's own name for a field", () => {
    const error = new ApiError({
      status: 422,
      code: "VALIDATION_FAILED",
      message: "x",
      fields: { "fields.7.options.2": ["Field 8, option 3 must not be empty."] },
    });
    const labels = (path: ReadonlyArray<PropertyKey>) =>
      path.length === 2 && path[1] === 7 ? 'Field "Colour"' : undefined;
    expect(presentApiError(error, { labels }).message).toBe('Field "Colour", option 3 must not be empty.');
  });

  it("never shows a schema path, an exception name, a JSON body or the auth library's origin text", () => {
    for (const raw of [
      "fields.7.options.2: Too small: expected string to have >=1 characters",
      "TypeError: Failed to fetch",
      '{"error":"boom"}',
      "Invalid origin",
    ]) {
      expect(isRawErrorText(raw)).toBe(true);
      expect(presentApiError(new Error(raw)).message).toBe("Something went wrong. Please try again.");
    }
    expect(presentApiError(new Error("Buyer not found")).message).toBe("Buyer not found");
  });
});
