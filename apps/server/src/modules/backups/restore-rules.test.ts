import { describe, expect, it } from "vitest";
import { BackupRefused, planRestore, type TCompanyPeople } from "./restore-rules";

const companyId = crypto.randomUUID();
const buyerId = crypto.randomUUID();
const member = "member-user";
const portalUser = "portal-user";
const people: TCompanyPeople = { memberIds: new Set([member]), buyerUsers: new Map([[buyerId, portalUser]]) };

type TTables = Record<string, Record<string, unknown>[]>;
const buyer = (over: Record<string, unknown> = {}) => ({
  id: buyerId,
  companyId,
  email: "buyer@example.com",
  contactName: "Buyer Person",
  creditBalance: 0,
  ...over,
});
const entry = (
  amount: number,
  type: string,
  over: Record<string, unknown> = {},
): Record<string, unknown> => ({
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

const plan = (tables: TTables) => planRestore(companyId, tables, people);
const rowsOf = (tables: TTables, name: string) =>
  plan(tables).tables.find((t) => t.table.name === name)!.rows;
const refused = (tables: TTables) => expect(() => plan(tables)).toThrow(BackupRefused);

describe("restore rules", () => {
  it("takes a buyer's balance from its ledger and its portal user from the database", () => {
    const tables = {
      buyers: [buyer({ creditBalance: 2_147_483_000, userId: "someone-else" })],
      credit_transactions: [entry(30, "grant"), entry(-5, "consume")],
    };
    expect(rowsOf(tables, "buyers")[0]).toMatchObject({ creditBalance: 25, userId: portalUser });
  });

  it("refuses ledger entries outside the API's rules", () => {
    refused({ buyers: [buyer()], credit_transactions: [entry(1_000_001, "grant")] });
    refused({ buyers: [buyer()], credit_transactions: [entry(5, "consume")] });
    refused({ buyers: [buyer()], credit_transactions: [entry(-5, "grant")] });
    // A ledger that leaves the wallet below zero.
    refused({ buyers: [buyer()], credit_transactions: [entry(5, "grant"), entry(-6, "revoke")] });
    // An entry of a buyer the file does not hold.
    refused({
      buyers: [buyer()],
      credit_transactions: [entry(5, "grant", { buyerId: crypto.randomUUID() })],
    });
  });

  it("holds payment orders to their credit pack and purchases to their order", () => {
    expect(() => plan({ buyers: [buyer()], payment_orders: [order()] })).not.toThrow();
    refused({ buyers: [buyer()], payment_orders: [order({ credits: 2_000 })] });
    refused({ buyers: [buyer()], payment_orders: [order({ amountCents: 1 })] });
    refused({ buyers: [buyer()], payment_orders: [order({ packId: "pack_free" })] });
    const purchase = entry(20, "purchase");
    const paid = order({ status: "completed", creditTransactionId: purchase.id });
    purchase.paymentOrderId = paid.id;
    expect(() =>
      plan({ buyers: [buyer()], payment_orders: [paid], credit_transactions: [purchase] }),
    ).not.toThrow();
    refused({ buyers: [buyer()], payment_orders: [order({ status: "completed" })] });
    refused({
      buyers: [buyer()],
      payment_orders: [paid],
      credit_transactions: [{ ...purchase, amount: 2_000 }],
    });
  });

  it("lets allocations draw no more than their lot and debit hold", () => {
    const lot = entry(10, "grant");
    const debit = entry(-4, "consume");
    const allocation = (amount: number) => ({
      id: crypto.randomUUID(),
      companyId,
      lotTransactionId: lot.id,
      debitTransactionId: debit.id,
      amount,
    });
    const tables = (amounts: number[]) => ({
      buyers: [buyer()],
      credit_transactions: [lot, debit],
      credit_lot_allocations: amounts.map(allocation),
    });
    expect(() => plan(tables([4]))).not.toThrow();
    refused(tables([3, 2]));
    refused(tables([0]));
  });

  it("refuses rows pointing outside the file, of another company, or of an unknown shape", () => {
    const leadId = crypto.randomUUID();
    refused({
      lead_deliveries: [{ id: crypto.randomUUID(), companyId, leadId, channel: "email", target: "x@y.z" }],
    });
    refused({ leads: [{ id: crypto.randomUUID(), companyId, duplicateOfLeadId: leadId }] });
    refused({ leads: [{ id: leadId, companyId: crypto.randomUUID() }] });
    refused({ leads: [{ id: leadId, companyId, injected: true }] });
    refused({
      leads: [{ id: leadId, companyId }],
      lead_routing_decisions: [{ leadId, companyId, reasons: [{ buyerId: crypto.randomUUID() }] }],
    });
    refused({
      phone_numbers: [
        {
          id: crypto.randomUUID(),
          companyId,
          phoneNumber: "+13035550100",
          type: "twilio",
          routeTo: [leadId],
        },
      ],
    });
    refused({ buyer_invitations: [] });
    refused({ companies: [{ id: crypto.randomUUID(), name: "Other" }] });
  });

  it("keeps who made a row only for the company's own people", () => {
    const form = (createdBy: string) => ({ id: crypto.randomUUID(), companyId, title: "Quote", createdBy });
    const forms = rowsOf({ forms: [form(member), form(portalUser), form("outsider")] }, "forms");
    expect(forms.map((f) => f.createdBy)).toEqual([member, portalUser, null]);
  });

  it("restores only the company's settings from its row", () => {
    const planned = plan({
      companies: [{ id: companyId, name: "Renamed", subscriptionTier: "enterprise", isTrialExempt: true }],
    });
    expect(planned.company).toEqual({ name: "Renamed" });
    refused({ companies: [{ id: companyId, name: "" }] });
  });
});
