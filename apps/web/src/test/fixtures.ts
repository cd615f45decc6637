import type { TDisplayPreferences, TWhoami } from "@leadpost/shared";

const COMPANY_ID = "00000000-0000-4000-8000-000000000001";
const BUYER_ID = "00000000-0000-4000-8000-0000000000b1";

/** A signed-in user with no company role and no buyer record; override what a test needs. */
export function makeWhoami(overrides: Partial<TWhoami> = {}): TWhoami {
  return {
    userId: "00000000-0000-4000-8000-00000000000a",
    email: "user@example.com",
    name: "Test User",
    emailVerified: true,
    activeOrgId: null,
    organizationId: null,
    companyName: null,
    companyLogoUrl: null,
    companySuspended: false,
    roles: [],
    activeBuyerId: null,
    buyerStatus: null,
    isBuyer: false,
    isPlatformAdmin: false,
    buyerWorkspaces: [],
    ...overrides,
  };
}

export function makeCompanyUser(
  role: "owner" | "org_admin" | "member" = "owner",
  overrides: Partial<TWhoami> = {},
) {
  return makeWhoami({
    activeOrgId: COMPANY_ID,
    organizationId: COMPANY_ID,
    companyName: "Acme Roofing",
    roles: [{ role, companyId: COMPANY_ID }],
    ...overrides,
  });
}

export function makeBuyer(overrides: Partial<TWhoami> = {}) {
  return makeWhoami({
    activeOrgId: COMPANY_ID,
    companyName: "Acme Roofing",
    activeBuyerId: BUYER_ID,
    buyerStatus: "active",
    isBuyer: true,
    buyerWorkspaces: [{ buyerId: BUYER_ID, companyId: COMPANY_ID, companyName: "Acme Roofing" }],
    ...overrides,
  });
}

/** A company admin who is also an active buyer (the workspace switcher case). */
export function makeAdminBuyer(role: "owner" | "org_admin" = "owner") {
  const buyer = makeBuyer();
  return makeCompanyUser(role, {
    activeBuyerId: buyer.activeBuyerId,
    buyerStatus: "active",
    isBuyer: true,
    buyerWorkspaces: buyer.buyerWorkspaces,
  });
}

/** Germany's way of writing, in Paris time: 23:30 in New York reads as "27.11.2026, 05:30" there. */
export const GERMANY_IN_PARIS: TDisplayPreferences = {
  country: "Germany",
  currency: "EUR",
  timezone: "Europe/Paris",
};
/** A moment late in the evening in New York: already the next morning in Paris. */
export const LATE_EVENING_IN_NEW_YORK = "2026-11-27T04:30:00.000Z";
