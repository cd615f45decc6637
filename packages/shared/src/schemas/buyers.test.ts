import { describe, expect, it } from "vitest";
import { trialDaysLeft } from "../domain/company-status";
import {
  archivePrompt,
  buyerMovedMessage,
  companySetupMissing,
  creditsForPrice,
  ZCreateBuyerSchema,
} from "./buyers";

describe("buyer rules", () => {
  it("prices a lead in credits rounded up, in whole cents", () => {
    expect(creditsForPrice(45, 1.5)).toBe(30);
    expect(creditsForPrice(45.01, 1.5)).toBe(31);
    expect(creditsForPrice(0.3, 0.1)).toBe(3);
    expect(creditsForPrice(0, 1)).toBe(0);
  });

  it("words the switch toast and the archive prompt as the spec does", () => {
    expect(buyerMovedMessage("Acme", "inactive")).toBe("Acme moved to Inactive Buyers tab");
    expect(buyerMovedMessage("Acme", "active")).toBe("Acme moved to Active Buyers tab");
    expect(archivePrompt("Acme")).toBe("Archive Acme? Purchases remain; buyer cannot access.");
  });

  it("trims names, lowercases the e-mail and defaults radius and prepaid", () => {
    const parsed = ZCreateBuyerSchema.parse({
      contactName: "  Ann Lee ",
      email: " Ann@X.Test ",
      zipCode: "80202-1234",
    });
    expect(parsed).toMatchObject({
      contactName: "Ann Lee",
      companyName: null,
      email: "ann@x.test",
      zipCode: "80202-1234",
      serviceRadius: 50,
      prepaidLeadsTotal: 0,
      allYouCanEatEnabled: false,
    });
    expect(
      ZCreateBuyerSchema.safeParse({ contactName: "Ann", email: "a@x.test", zipCode: "8020" }).success,
    ).toBe(false);
  });

  it("counts trial days rounded up and never below 0", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(trialDaysLeft("2026-01-15T00:00:00Z", now)).toBe(14);
    expect(trialDaysLeft("2026-01-01T00:00:01Z", now)).toBe(1);
    expect(trialDaysLeft("2025-12-01T00:00:00Z", now)).toBe(0);
  });

  it("calls setup complete only with every 001 §9 setting", () => {
    const complete = {
      name: "Acme",
      adminEmail: "admin@acme.test",
      senderEmail: "noreply@acme.test",
      hasResendKey: true,
      twilioAccountSid: "AC123",
      hasTwilioToken: true,
      hasGoogleMapsKey: true,
    };
    expect(companySetupMissing(complete)).toEqual([]);
    expect(companySetupMissing({ ...complete, senderEmail: "noreply", hasGoogleMapsKey: false })).toEqual([
      "Sender email",
      "Google Maps API key",
    ]);
  });
});
