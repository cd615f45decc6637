import { describe, expect, it } from "vitest";
import { creditsForPrice } from "../schemas/buyers";
import { allocateDebit, dueExpiries, spendableCredits, type TCreditLot } from "./credits";

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const lot = (id: string, remaining: number, expiresDay: number | null, createdDay = 1): TCreditLot => ({
  id,
  remaining,
  expiresAt: expiresDay === null ? null : day(expiresDay),
  createdAt: day(createdDay),
});

describe("allocateDebit", () => {
  it("draws from the soonest-expiring lots first and never-expiring lots last", () => {
    const lots = [lot("forever", 10, null), lot("late", 5, 20), lot("soon", 3, 10)];
    expect(allocateDebit(lots, 7, day(2))).toEqual([
      { lotId: "soon", amount: 3 },
      { lotId: "late", amount: 4 },
    ]);
    expect(allocateDebit(lots, 18, day(2))).toEqual([
      { lotId: "soon", amount: 3 },
      { lotId: "late", amount: 5 },
      { lotId: "forever", amount: 10 },
    ]);
  });

  it("breaks expiry ties by age", () => {
    const lots = [lot("newer", 2, null, 5), lot("older", 2, null, 3)];
    expect(allocateDebit(lots, 3, day(6))).toEqual([
      { lotId: "older", amount: 2 },
      { lotId: "newer", amount: 1 },
    ]);
  });

  it("refuses a debit the spendable credits cannot cover, skipping expired and empty lots", () => {
    const lots = [lot("expired", 50, 3), lot("empty", 0, null), lot("ok", 4, null)];
    expect(spendableCredits(lots, day(4))).toBe(4);
    expect(allocateDebit(lots, 5, day(4))).toBeNull();
    expect(allocateDebit(lots, 4, day(4))).toEqual([{ lotId: "ok", amount: 4 }]);
    // Before its expiry the lot is spendable.
    expect(allocateDebit(lots, 5, day(2))).toEqual([{ lotId: "expired", amount: 5 }]);
  });

  it("rejects non-positive or fractional debits", () => {
    expect(() => allocateDebit([], 0, day(1))).toThrow();
    expect(() => allocateDebit([], 1.5, day(1))).toThrow();
  });
});

describe("dueExpiries", () => {
  it("lists lots past their expiry that still hold credits", () => {
    const lots = [lot("a", 5, 3), lot("b", 0, 2), lot("c", 1, 9), lot("d", 2, null)];
    expect(dueExpiries(lots, day(3)).map((l) => l.id)).toEqual(["a"]);
    expect(dueExpiries(lots, day(10)).map((l) => l.id)).toEqual(["a", "c"]);
  });
});

describe("creditsForPrice", () => {
  it("rounds up price / credit value", () => {
    expect(creditsForPrice(40, 1)).toBe(40);
    expect(creditsForPrice(40, 3)).toBe(14);
    expect(creditsForPrice(25.5, 0.5)).toBe(51);
    expect(creditsForPrice(0.3, 0.1)).toBe(3);
    expect(creditsForPrice(10.01, 5)).toBe(3);
    expect(creditsForPrice(0, 1)).toBe(0);
  });
});
