import { describe, expect, it } from "vitest";
import { formatPhone, isPhoneNumber, toE164 } from "./phone";

describe("toE164", () => {
  it("gives one spelling for every common way of writing a number", () => {
    for (const written of [
      "720-555-0100",
      "(720) 555-0100",
      "+1 720 555 0100",
      "17205550100",
      "720.555.0100",
    ]) {
      expect(toE164(written)).toBe("+17205550100");
    }
    expect(toE164("+44 20 7183 8750")).toBe("+442071838750");
    expect(toE164("+15551234567")).toBe("+15551234567");
  });

  it("refuses text that is no phone number", () => {
    for (const bad of ["abc", "123", "", "   ", "555-1234", "+", "call me"]) {
      expect(toE164(bad)).toBeNull();
      expect(isPhoneNumber(bad)).toBe(false);
    }
  });
});

describe("formatPhone", () => {
  it("shows home numbers nationally and others internationally", () => {
    expect(formatPhone("+17205550100")).toBe("(720) 555-0100");
    // Fictional 555 numbers name no region but are home numbers all the same.
    expect(formatPhone("+15557771234")).toBe("(555) 777-1234");
    expect(formatPhone("+442071838750")).toBe("+44 20 7183 8750");
    expect(formatPhone("not a number")).toBe("not a number");
  });
});
