import { escapeHtml } from "../../lib/html";
import { emailLayout } from "../email/layout";

export function buyerInvitationEmail(companyName: string, url: string) {
  const name = escapeHtml(companyName);
  return {
    subject: `${companyName} invited you to the Lead Buyer Portal`,
    html: emailLayout(
      `You're invited to buy leads from ${companyName}`,
      `<p>${name} invited you to its Lead Buyer Portal, where you can preview and unlock leads in your area.</p>
<p>Create your password to get started. The link works once and expires in 7 days.</p>`,
      { label: "Create my password", url },
    ),
    text: `${companyName} invited you to its Lead Buyer Portal. Create your password: ${url}`,
  };
}
