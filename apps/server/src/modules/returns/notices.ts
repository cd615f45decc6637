import type { TLeadReturn } from "@leadpost/shared";
import { sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { DbOrTx } from "../../db/client";
import { col, queryRows, rowOf } from "../../db/raw";
import { html } from "../../lib/html";
import { emailBrand, emailLayout } from "../email";

type TNoticeDeps = Pick<TDeps, "email" | "config">;

type TParties = {
  company_name: string;
  logo_url: string | null;
  company_address: string | null;
  buyer_email: string;
};

/** Who hears of a return: the company's admin address (else its first owner) and the buyer. */
async function partiesOf(db: DbOrTx, companyId: string, buyerId: string) {
  const [row] = await queryRows(
    db,
    rowOf<TParties>({
      company_name: col.text,
      logo_url: col.orNull(col.text),
      company_address: col.orNull(col.text),
      buyer_email: col.text,
    }),
    sql`select c.name as company_name, c.logo_url,
               coalesce(nullif(c.admin_email, ''),
                        (select u.email from user_roles r join users u on u.id = r.user_id
                          where r.company_id = c.id and r.role = 'owner' order by r.created_at limit 1)
               ) as company_address,
               b.email as buyer_email
          from companies c join buyers b on b.company_id = c.id and b.id = ${buyerId}::uuid
         where c.id = ${companyId}::uuid`,
  );
  return row ?? null;
}

const leadLabel = (r: TLeadReturn) => [r.leadName, r.leadService].filter(Boolean).join(", ") || "a lead";
const credits = (n: number) => `${n} ${n === 1 ? "credit" : "credits"}`;

function decisionLine(r: TLeadReturn) {
  if (r.status === "approved") {
    const how = r.autoApproved ? "approved automatically" : "approved";
    return `Your return of ${leadLabel(r)} was ${how}: ${credits(r.credits)} are back in your balance.`;
  }
  return `Your return of ${leadLabel(r)} was rejected.`;
}

/**
 * A new return: the company is asked to review it (or told it was approved by a rule) and the buyer
 * gets a receipt (or the decision). Stored with the caller's transaction, delivered after it commits.
 */
export async function sendReturnFiledNotices(
  deps: TNoticeDeps,
  db: DbOrTx,
  companyId: string,
  r: TLeadReturn,
) {
  const parties = await partiesOf(db, companyId, r.buyerId);
  if (!parties) return;
  const brand = emailBrand(deps.config.publicUrl, { name: parties.company_name, logoUrl: parties.logo_url });
  const base = deps.config.publicUrl.replace(/\/$/, "");
  const note = r.note ? html`<p>Note from the buyer: ${r.note}</p>` : "";
  if (parties.company_address) {
    const title =
      r.status === "pending" ? "A lead return to review" : "A lead return was approved by your rule";
    await deps.email.send({
      companyId,
      to: parties.company_address,
      kind: "lead_return_filed",
      subject: `${r.buyerName} returned ${leadLabel(r)}`,
      html: emailLayout(
        title,
        html`<p>${r.buyerName} returned ${leadLabel(r)} (${credits(r.credits)}). Reason: ${r.reason}.</p>${note}`,
        { label: "Open the returns queue", url: `${base}/dashboard/returns` },
      ),
      text: `${r.buyerName} returned ${leadLabel(r)} (${credits(r.credits)}). Reason: ${r.reason}. ${base}/dashboard/returns`,
    });
  }
  if (r.status === "pending") {
    await deps.email.send({
      companyId,
      to: parties.buyer_email,
      kind: "lead_return_received",
      subject: `${parties.company_name} received your return`,
      html: emailLayout(
        "We received your return",
        html`<p>${parties.company_name} received your return of ${leadLabel(r)} (reason: ${r.reason}) and will review it.</p>`,
        { label: "See my returns", url: `${base}/buyer/returns` },
        brand,
      ),
      text: `${parties.company_name} received your return of ${leadLabel(r)}. ${base}/buyer/returns`,
    });
  } else {
    await sendReturnDecidedNotice(deps, db, companyId, r);
  }
}

/** The company's decision, to the buyer, with the company's note. */
export async function sendReturnDecidedNotice(
  deps: TNoticeDeps,
  db: DbOrTx,
  companyId: string,
  r: TLeadReturn,
) {
  const parties = await partiesOf(db, companyId, r.buyerId);
  if (!parties) return;
  const brand = emailBrand(deps.config.publicUrl, { name: parties.company_name, logoUrl: parties.logo_url });
  const base = deps.config.publicUrl.replace(/\/$/, "");
  const note = r.decisionNote ? html`<p>Note from ${parties.company_name}: ${r.decisionNote}</p>` : "";
  const line = decisionLine(r);
  await deps.email.send({
    companyId,
    to: parties.buyer_email,
    kind: `lead_return_${r.status}`,
    subject: `Your return was ${r.status}`,
    html: emailLayout(
      `Your return was ${r.status}`,
      html`<p>${line}</p>${note}`,
      {
        label: "See my returns",
        url: `${base}/buyer/returns`,
      },
      brand,
    ),
    text: `${line}${r.decisionNote ? ` Note: ${r.decisionNote}` : ""} ${base}/buyer/returns`,
  });
}
