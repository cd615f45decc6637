import type { TCompanyStatus } from "@leadpost/shared";
import { describe, expect, it } from "vitest";
import { dismissKey, isDismissed, rememberDismissal, trialBannerState } from "./trial-banner-state";

const now = new Date("2026-11-22T12:00:00Z");
const status = (over: Partial<TCompanyStatus>): TCompanyStatus => ({
  companyId: "c1",
  name: "Acme",
  subscriptionTier: "free",
  trialExpiresAt: "2026-12-01T12:00:00Z",
  isTrialExempt: false,
  setupComplete: false,
  setupMissing: [],
  ...over,
});

describe("trial banner", () => {
  it("rounds days left up and turns red at 3 days or fewer", () => {
    expect(trialBannerState(status({}), now)).toEqual({ daysLeft: 9, expired: false, urgent: false });
    expect(trialBannerState(status({ trialExpiresAt: "2026-11-25T11:00:00Z" }), now)).toEqual({
      daysLeft: 3,
      expired: false,
      urgent: true,
    });
    expect(trialBannerState(status({ trialExpiresAt: "2026-11-22T12:00:01Z" }), now)?.daysLeft).toBe(1);
  });

  it("says Expired at zero, never negative", () => {
    expect(trialBannerState(status({ trialExpiresAt: "2026-11-01T00:00:00Z" }), now)).toEqual({
      daysLeft: 0,
      expired: true,
      urgent: true,
    });
  });

  it("is absent for exempt companies, paid tiers and unknown trials", () => {
    expect(trialBannerState(status({ isTrialExempt: true }), now)).toBeNull();
    expect(trialBannerState(status({ subscriptionTier: "pro" }), now)).toBeNull();
    expect(trialBannerState(status({ trialExpiresAt: null }), now)).toBeNull();
    expect(trialBannerState(undefined, now)).toBeNull();
  });

  it("remembers a dismissal per user and company in session storage", () => {
    const key = dismissKey("u1", "c1");
    expect(isDismissed(key)).toBe(false);
    rememberDismissal(key);
    expect(isDismissed(key)).toBe(true);
    expect(isDismissed(dismissKey("u2", "c1"))).toBe(false);
    expect(isDismissed(dismissKey("u1", "c2"))).toBe(false);
  });
});
