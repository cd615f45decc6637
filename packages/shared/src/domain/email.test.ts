import { describe, expect, it } from "vitest";
import { isValidEmail, normalizeEmail } from "./email";
import { passwordStrength } from "./password-strength";

describe("isValidEmail (000 §5.1)", () => {
  it("accepts ordinary addresses, trimmed", () => {
    for (const ok of ["a@b.co", " jane.doe+leads@example.com ", "x_y@sub.example.org"])
      expect(isValidEmail(ok)).toBe(true);
  });
  it("refuses each broken rule", () => {
    const bad = [
      "",
      "no-at.example.com",
      "two@@example.com",
      "a@b@c.com",
      ".lead@example.com",
      "lead.@example.com",
      "le..ad@example.com",
      `${"a".repeat(65)}@example.com`,
      "a@nodot",
      "a@.example.com",
      "a@example.com.",
      "a@-example.com",
      "a@example-",
      "a b@example.com",
      "a@exa mple.com",
      `a@${"b".repeat(250)}.com`,
    ];
    for (const value of bad) expect(isValidEmail(value), value).toBe(false);
  });
  it("normalises case and spaces", () => {
    expect(normalizeEmail("  Jane@Example.COM ")).toBe("jane@example.com");
  });
});

describe("passwordStrength (000 §4)", () => {
  it("scores five criteria into weak, medium and strong", () => {
    expect(passwordStrength("abc")).toEqual({ score: 1, level: "weak" });
    expect(passwordStrength("abcDEF")).toEqual({ score: 2, level: "weak" });
    expect(passwordStrength("abcDEF12")).toEqual({ score: 4, level: "medium" });
    expect(passwordStrength("abcDEF1!")).toEqual({ score: 5, level: "strong" });
  });
});
