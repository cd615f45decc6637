import { html } from "../../lib/html";
import { emailLayout, type TEmailBrand } from "../email";

/** To an invited buyer, headed by the company's logo when it has one. */
export function buyerInvitationEmail(companyName: string, url: string, brand?: TEmailBrand) {
  return {
    subject: `${companyName} invited you to the Lead Buyer Portal`,
    html: emailLayout(
      `You're invited to buy leads from ${companyName}`,
      html`<p>${companyName} invited you to its Lead Buyer Portal, where you can preview and unlock leads in your area.</p>
<p>Create your password to get started. The link works once and expires in 7 days.</p>`,
      { label: "Create my password", url },
      brand,
    ),
    text: `${companyName} invited you to its Lead Buyer Portal. Create your password: ${url}`,
  };
}

/** To the company admin: a new buyer registration waits for approval (000 §7 send-email). */
export function buyerApplicationEmail(
  companyName: string,
  a: {
    contactName: string;
    companyName: string | null;
    email: string;
    phoneNumber: string | null;
    zipCode: string | null;
    message: string | null;
  },
  url: string,
) {
  const who =
    a.companyName && a.companyName !== a.contactName ? `${a.contactName} (${a.companyName})` : a.contactName;
  const rows = [
    ["Name", who],
    ["Email", a.email],
    ["Phone", a.phoneNumber ?? "Not provided"],
    ["ZIP code", a.zipCode ?? "Not specified"],
  ].map(([k, v]) => html`<tr><td style="padding:2px 12px 2px 0;color:#555">${k}</td><td>${v}</td></tr>`);
  const note = a.message ? html`<p>${a.message}</p>` : "";
  return {
    subject: `New lead buyer application for ${companyName}: ${who}`,
    html: emailLayout(
      "New lead buyer registration (pending approval)",
      html`<p>${who} applied to buy leads from ${companyName}.</p><table>${rows}</table>${note}
<p>Review it under Pending Buyers and send an invitation to approve it.</p>`,
      { label: "Review pending buyers", url },
    ),
    text: `${who} <${a.email}> applied to buy leads from ${companyName}. Review: ${url}`,
  };
}
