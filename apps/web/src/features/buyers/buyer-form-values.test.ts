// @vitest-environment node
import { describe, expect, it } from "vitest";
import { EMPTY_BUYER_FORM, toBuyerInput, validateBuyerInput } from "./buyer-form-values";

describe("buyer form values", () => {
  it("reports the spec's messages for the highlighted fields", () => {
    const input = toBuyerInput(
      { ...EMPTY_BUYER_FORM, contactName: "A", companyName: "B", email: "x", serviceRadius: "0" },
      { remainingTouched: false },
    );
    expect(validateBuyerInput(input, "create")).toEqual({
      contactName: "Contact name must be at least 2 characters.",
      companyName: "Company name must be at least 2 characters.",
      email: "Please enter a valid email address.",
      serviceRadius: "Service radius must be at least 1 mile.",
    });
    const far = toBuyerInput({ ...EMPTY_BUYER_FORM, serviceRadius: "501" }, { remainingTouched: false });
    expect(validateBuyerInput(far, "create").serviceRadius).toBe("Service radius cannot exceed 500 miles.");
  });

  it("keeps prepaid remaining on the total until touched, and zeroes cost with All You Can Eat", () => {
    const values = {
      ...EMPTY_BUYER_FORM,
      contactName: "Ann Lee",
      email: "ann@x.test",
      prepaidLeadsTotal: "7",
      prepaidLeadsRemaining: "2",
      costPerLead: "12.5",
    };
    expect(toBuyerInput(values, { remainingTouched: false })).toMatchObject({
      prepaidLeadsRemaining: 7,
      costPerLead: 12.5,
    });
    expect(toBuyerInput(values, { remainingTouched: true }).prepaidLeadsRemaining).toBe(2);
    expect(
      toBuyerInput({ ...values, allYouCanEatEnabled: true }, { remainingTouched: false }).costPerLead,
    ).toBe(0);
    const over = toBuyerInput({ ...values, prepaidLeadsRemaining: "9" }, { remainingTouched: true });
    expect(validateBuyerInput(over, "create").prepaidLeadsRemaining).toBeDefined();
    expect(validateBuyerInput(toBuyerInput(values, { remainingTouched: false }), "create")).toEqual({});
  });
});
