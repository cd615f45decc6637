import { describe, expect, it } from "vitest";
import { BackupRefused, createRowChecker, type TCompanyPeople } from "./restore-rules";

// The per-row half of a restore's rules (the rules across rows run as SQL: backups.test.ts).
const companyId = crypto.randomUUID();
const buyerId = crypto.randomUUID();
const member = "member-user";
const portalUser = "portal-user";
const people: TCompanyPeople = { memberIds: new Set([member]), buyerUsers: new Map([[buyerId, portalUser]]) };
const checker = () => createRowChecker(companyId, people);
const check = (table: string, row: Record<string, unknown>) => checker().row(table, row, 0);
const refused = (table: string, row: Record<string, unknown>) =>
  expect(() => check(table, row)).toThrow(BackupRefused);

const entry = (amount: number, type: string, over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  companyId,
  buyerId,
  amount,
  transactionType: type,
  ...over,
});
const order = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  companyId,
  buyerId,
  mode: "sandbox",
  providerOrderId: "PAYPAL-1",
  packId: "pack_10",
  quantity: 2,
  credits: 20,
  amountCents: 2000,
  currency: "USD",
  status: "created",
  ...over,
});

describe("restore rules, row by row", () => {
  it("takes neither a buyer's balance nor its portal user from the file", () => {
    const buyer = check("buyers", {
      id: buyerId,
      companyId,
      email: "buyer@example.com",
      contactName: "Buyer Person",
      creditBalance: 2_147_483_000,
      userId: "someone-else",
    });
    expect(buyer).toMatchObject({ creditBalance: 0, userId: portalUser });
  });

  it("refuses ledger entries outside the API's rules", () => {
    expect(() => check("credit_transactions", entry(30, "grant"))).not.toThrow();
    refused("credit_transactions", entry(1_000_001, "grant"));
    refused("credit_transactions", entry(5, "consume"));
    refused("credit_transactions", entry(-5, "grant"));
    refused("credit_transactions", entry(5, "grant", { paymentOrderId: crypto.randomUUID() }));
  });

  it("holds distribution settings, bids and lead filters to the API's rules", () => {
    const buyer = { id: buyerId, companyId, email: "buyer@example.com", contactName: "Buyer Person" };
    const filter = { fieldId: "service", operator: "is", values: ["Roof repair"] };
    expect(() => check("buyers", { ...buyer, leadFilters: [filter] })).not.toThrow();
    refused("buyers", { ...buyer, leadFilters: [{ ...filter, operator: "contains" }] });
    refused("buyers", { ...buyer, leadFilters: { fieldId: "service" } });
    const bid = { companyId, buyerId, nicheId: crypto.randomUUID(), credits: 45 };
    expect(() => check("buyer_bids", bid)).not.toThrow();
    refused("buyer_bids", { ...bid, credits: 0 });
    const ranked = { companyId, formId: crypto.randomUUID(), buyerId, position: 1 };
    expect(() => check("form_distribution_buyers", { ...ranked, weight: 3 })).not.toThrow();
    refused("form_distribution_buyers", { ...ranked, weight: 5000 });
    const form = { id: crypto.randomUUID(), companyId, title: "Roof quote" };
    expect(() => check("forms", { ...form, distributionMethod: "priority" })).not.toThrow();
    refused("forms", { ...form, distributionMethod: "lottery" });
  });

  it("holds payment orders to their credit pack", () => {
    expect(() => check("payment_orders", order())).not.toThrow();
    refused("payment_orders", order({ credits: 2_000 }));
    refused("payment_orders", order({ amountCents: 1 }));
    refused("payment_orders", order({ packId: "pack_free" }));
    refused("payment_orders", order({ status: "completed" }));
  });

  it("refuses rows of another company, of an unknown shape, or of a table never restored", () => {
    const leadId = crypto.randomUUID();
    refused("leads", { id: leadId, companyId: crypto.randomUUID() });
    refused("leads", { id: leadId, companyId, injected: true });
    refused("leads", { id: leadId, companyId, saleCap: 1, saleCount: 2 });
    refused("lead_routing_decisions", { leadId, companyId, reasons: [{ buyerId: 5 }] });
    refused("buyer_invitations", { id: leadId, companyId });
    expect(() => checker().company({ id: crypto.randomUUID(), name: "Other" })).toThrow(BackupRefused);
  });

  it("keeps who made a row only for the company's own people", () => {
    const form = (createdBy: string) =>
      check("forms", { id: crypto.randomUUID(), companyId, title: "Quote", createdBy });
    expect([member, portalUser, "outsider"].map((u) => form(u).createdBy)).toEqual([
      member,
      portalUser,
      null,
    ]);
  });

  it("restores only the company's settings from its row, once", () => {
    const rules = checker();
    expect(
      rules.company({ id: companyId, name: "Renamed", subscriptionTier: "enterprise", isTrialExempt: true }),
    ).toEqual({ name: "Renamed" });
    expect(() => rules.company({ id: companyId, name: "Again" })).toThrow(BackupRefused);
    expect(() => checker().company({ id: companyId, name: "" })).toThrow(BackupRefused);
  });
});
