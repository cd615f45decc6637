import { describe, expect, it } from "vitest";
import { ZBuyerProfileUpdateSchema } from "./buyer-portal";
import { ZCreateBuyerSchema } from "./buyers";
import {
  CALL_MESSAGES,
  ZAgentInputSchema,
  ZBlockNumberInputSchema,
  ZPhoneNumberInputSchema,
  ZRoutingNumberInputSchema,
} from "./calls";

const errorOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.find((i) => i.path[0] === "phoneNumber")?.message;

describe("phone number fields", () => {
  it("store every spelling of a number as one E.164 form", () => {
    for (const written of ["720-555-0100", "(720) 555-0100", "+1 720 555 0100", "7205550100"]) {
      expect(ZPhoneNumberInputSchema.parse({ phoneNumber: written }).phoneNumber).toBe("+17205550100");
      expect(ZAgentInputSchema.parse({ name: "Ann", phoneNumber: written }).phoneNumber).toBe("+17205550100");
      expect(ZBlockNumberInputSchema.parse({ phoneNumber: written }).phoneNumber).toBe("+17205550100");
      expect(ZRoutingNumberInputSchema.parse({ label: "Office", phoneNumber: written }).phoneNumber).toBe(
        "+17205550100",
      );
    }
    expect(
      ZCreateBuyerSchema.parse({ contactName: "Bea", email: "b@example.com", phoneNumber: "303.555.0142" })
        .phoneNumber,
    ).toBe("+13035550142");
    expect(ZBuyerProfileUpdateSchema.parse({ phoneNumber: "+44 20 7183 8750" }).phoneNumber).toBe(
      "+442071838750",
    );
  });

  it('refuse "abc" and "123" with the spec\'s texts', () => {
    expect(errorOf(ZPhoneNumberInputSchema.safeParse({ phoneNumber: "abc" }))).toBe(
      CALL_MESSAGES.PHONE_FORMAT,
    );
    expect(errorOf(ZPhoneNumberInputSchema.safeParse({ phoneNumber: "123" }))).toBe(
      CALL_MESSAGES.PHONE_TOO_SHORT,
    );
    expect(errorOf(ZAgentInputSchema.safeParse({ name: "Ann", phoneNumber: "abc" }))).toBe(
      CALL_MESSAGES.PHONE_FORMAT,
    );
    expect(errorOf(ZAgentInputSchema.safeParse({ name: "Ann", phoneNumber: "123" }))).toBe(
      CALL_MESSAGES.PHONE_TOO_SHORT,
    );
    expect(errorOf(ZBlockNumberInputSchema.safeParse({ phoneNumber: "abc" }))).toBe(
      CALL_MESSAGES.PHONE_FORMAT,
    );
    expect(errorOf(ZBlockNumberInputSchema.safeParse({ phoneNumber: "" }))).toBe(
      CALL_MESSAGES.PHONE_REQUIRED,
    );
    expect(errorOf(ZRoutingNumberInputSchema.safeParse({ label: "x", phoneNumber: "123" }))).toBe(
      CALL_MESSAGES.E164,
    );
    expect(
      errorOf(
        ZCreateBuyerSchema.safeParse({ contactName: "Bea", email: "b@example.com", phoneNumber: "abc" }),
      ),
    ).toBe("Please enter a valid phone number");
  });

  it("leave an optional phone out when it is not sent, and clear it when sent empty", () => {
    expect(ZBuyerProfileUpdateSchema.parse({ contactName: "Ann" })).toEqual({ contactName: "Ann" });
    expect(ZBuyerProfileUpdateSchema.parse({ phoneNumber: "" })).toEqual({ phoneNumber: null });
  });
});
