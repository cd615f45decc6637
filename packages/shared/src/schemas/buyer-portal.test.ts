import { describe, expect, it } from "vitest";
import {
  normalizeCreditQuantity,
  packageDisplay,
  slotState,
  ZBuyerProfileUpdateSchema,
} from "./buyer-portal";

const pkg = (total: number, remaining: number, allYouCanEatEnabled = false) =>
  packageDisplay({ allYouCanEatEnabled, prepaidLeadsTotal: total, prepaidLeadsRemaining: remaining });

describe("package display (spec 003 §4)", () => {
  it("names the package by its size", () => {
    expect(pkg(0, 0, true)).toMatchObject({ kind: "unlimited", tone: null });
    expect(pkg(101, 101)).toMatchObject({ kind: "premium", label: "Premium Package" });
    expect(pkg(100, 100)).toMatchObject({ kind: "basic", label: "Basic Package" });
    expect(pkg(0, 0)).toMatchObject({ kind: "none", label: "No Package" });
  });

  it("colours the remaining share and words the message", () => {
    expect(pkg(10, 6)).toMatchObject({ tone: "green", message: "You're all set." });
    expect(pkg(10, 5)).toMatchObject({ tone: "yellow" });
    expect(pkg(10, 3)).toMatchObject({ tone: "yellow", message: "You are running low on leads." });
    expect(pkg(10, 2)).toMatchObject({ tone: "red" });
    expect(pkg(10, 0)).toMatchObject({ tone: "red", message: "You have used all leads in your package." });
    expect(pkg(200, 150)).toMatchObject({ tone: "green", message: "You're all set." });
  });
});

describe("slots and quantities", () => {
  it("counts slots, sold out at the cap, urgent at 2 or fewer", () => {
    expect(slotState(0, 3)).toEqual({
      slotsLeft: 3,
      soldOut: false,
      urgent: false,
      label: "0 of 3 slots sold",
    });
    expect(slotState(1, 3)).toMatchObject({ slotsLeft: 2, urgent: true });
    expect(slotState(3, 3)).toMatchObject({ slotsLeft: 0, soldOut: true, urgent: false });
  });

  it("keeps credit quantities within 1–999, else 1", () => {
    expect(normalizeCreditQuantity("12")).toBe(12);
    expect(normalizeCreditQuantity(999)).toBe(999);
    for (const bad of [0, 1000, "abc", "", 2.5, -3, null]) expect(normalizeCreditQuantity(bad)).toBe(1);
  });
});

describe("profile validation (spec 003 §5)", () => {
  it("trims, enforces lengths and stores empty optional fields as null", () => {
    expect(
      ZBuyerProfileUpdateSchema.parse({ contactName: " Ann ", companyName: "", phoneNumber: " " }),
    ).toEqual({
      contactName: "Ann",
      companyName: null,
      phoneNumber: null,
    });
    const bad = ZBuyerProfileUpdateSchema.safeParse({ contactName: "A", companyName: "B" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      "Contact name must be at least 2 characters",
      "Company name must be at least 2 characters",
    ]);
  });
});
