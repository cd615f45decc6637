import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeFieldPath, describeValidationIssue, summarizeValidationIssues } from "./validation-messages";

describe("validation messages", () => {
  it("names a field by its place in words", () => {
    expect(describeFieldPath(["fields", 7, "options", 2])).toBe("Field 8, option 3");
    expect(describeFieldPath(["emailRouting", 0, "zipCode"])).toBe("E-mail routing entry 1, zip code");
    expect(describeFieldPath(["contactName"])).toBe("Contact name");
  });

  it("turns zod's own texts into what to do, and keeps authors' texts", () => {
    const schema = z.object({
      name: z.string().min(1),
      note: z.string().max(3),
      age: z.number(),
      mail: z.email(),
      colour: z.string().regex(/^#/, "Must be a hex colour such as #3182ce"),
      email: z.string().refine(() => false, { message: "Please enter a valid email address." }),
    });
    const result = schema.safeParse({ name: "", note: "long", mail: "x", colour: "red", email: "x" });
    expect(result.success).toBe(false);
    const texts = (result.error?.issues ?? []).map((i) => describeValidationIssue(i));
    expect(texts).toEqual([
      "Name must not be empty.",
      "Note must be at most 3 characters long.",
      "Age is required.",
      // zod's default e-mail text is also the spec's own (000 §5.2), so it is kept as written.
      "Invalid email address",
      "Colour must be a hex colour such as #3182ce",
      "Please enter a valid email address.",
    ]);
    expect(summarizeValidationIssues(result.error?.issues ?? [])).toBe(
      "Name must not be empty. (and 5 more problems)",
    );
  });

  it("says a whole body of the wrong kind must be a JSON object", () => {
    const schema = z.object({ name: z.string() });
    for (const body of [null, [], "text"]) {
      const [issue] = schema.safeParse(body).error?.issues ?? [];
      expect(describeValidationIssue(issue!)).toBe("Input must be a JSON object of named fields.");
    }
    const [wrong] = schema.safeParse({ name: 5 }).error?.issues ?? [];
    expect(describeValidationIssue(wrong!)).toBe("Name must be text.");
    const [empty] = schema.safeParse({ name: null }).error?.issues ?? [];
    expect(describeValidationIssue(empty!)).toBe("Name must be filled in.");
  });
});
