import { and, eq, inArray, isNull } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { buyerLeads, buyers, companies, leads } from "../../db/schema";
import { escapeHtml } from "../../lib/html";
import { emailBrand, emailLayout, type TEmailBrand } from "../email";

export type TNewLeadNoticeDeps = Pick<TDeps, "database" | "email" | "logger"> & {
  config: Pick<TDeps["config"], "publicUrl">;
};

/** The e-mail a matched buyer gets: where and what, never the contact details of a locked preview. */
export function newLeadNoticeEmail(
  companyName: string,
  lead: { serviceType: string | null; city: string | null; state: string | null; zipCode: string | null },
  access: "preview" | "full",
  url: string,
  brand?: TEmailBrand,
) {
  const place = [lead.city, lead.state].filter(Boolean).join(", ") || lead.zipCode || "your area";
  const what = lead.serviceType ? `${lead.serviceType} lead` : "lead";
  const line =
    access === "full"
      ? `A new ${what} in ${place} was delivered to you: its contact details are in My Leads.`
      : `A new ${what} in ${place} is available to you. Unlock it with credits while slots remain.`;
  return {
    subject: `New lead from ${companyName}: ${what} in ${place}`,
    // The layout escapes the title itself.
    html: emailLayout(
      `New lead in ${place}`,
      `<p>${escapeHtml(line)}</p>`,
      { label: access === "full" ? "Open the lead" : "View the lead", url },
      brand,
    ),
    text: `${line} ${url}`,
  };
}

/**
 * PRODUCT §3 E-mail: the new-lead notice to each matched buyer, through the same mail path as every
 * transactional message (company Resend key, platform SMTP or the mailbox; logged and retried there),
 * with a link to the lead in the buyer portal. Only active buyers of the lead's company that hold an
 * entry for the lead are written to, all with one insert. A failed send is logged and never fails the routing.
 */
export async function notifyBuyersOfNewLead(
  deps: TNewLeadNoticeDeps,
  input: { companyId: string; leadId: string; buyerIds: readonly string[] },
): Promise<number> {
  if (input.buyerIds.length === 0) return 0;
  const db = deps.database.db;
  // One statement for the lead, its company and the recipients; one insert for all the notices.
  const recipients = await db
    .select({
      buyerId: buyers.id,
      email: buyers.email,
      isPreview: buyerLeads.isPreview,
      serviceType: leads.serviceType,
      city: leads.city,
      state: leads.state,
      zipCode: leads.zipCode,
      companyName: companies.name,
      companyLogoUrl: companies.logoUrl,
    })
    .from(buyerLeads)
    .innerJoin(buyers, and(eq(buyers.id, buyerLeads.buyerId), eq(buyers.companyId, input.companyId)))
    .innerJoin(leads, and(eq(leads.id, buyerLeads.leadId), eq(leads.companyId, input.companyId)))
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .where(
      and(
        eq(buyerLeads.companyId, input.companyId),
        eq(buyerLeads.leadId, input.leadId),
        inArray(buyerLeads.buyerId, [...input.buyerIds]),
        eq(buyers.status, "active"),
        isNull(buyers.deletedAt),
      ),
    );
  const [first] = recipients;
  if (!first) return 0;
  const brand = emailBrand(deps.config.publicUrl, { name: first.companyName, logoUrl: first.companyLogoUrl });
  const messages = recipients.map((r) => {
    const access = r.isPreview ? "preview" : "full";
    const page = r.isPreview ? "available-leads" : "my-leads";
    const url = `${deps.config.publicUrl}/buyer/${page}?lead=${encodeURIComponent(input.leadId)}`;
    return {
      companyId: input.companyId,
      to: r.email,
      kind: "new_lead",
      ...newLeadNoticeEmail(r.companyName, r, access, url, brand),
    };
  });
  try {
    return (await deps.email.sendMany(messages)).length;
  } catch (err) {
    deps.logger.warn({ err, leadId: input.leadId, buyers: recipients.length }, "new-lead notices not sent");
    return 0;
  }
}
