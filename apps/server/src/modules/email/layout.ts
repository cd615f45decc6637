import { html, type SafeHtml } from "../../lib/html";

/** The company an e-mail is sent for: its name and its logo's absolute address (null: no logo). */
export type TEmailBrand = { name: string; logoUrl: string | null };

/**
 * The brand of a company for its e-mails. Logos kept in local storage have a path on this server
 * ("/files/…"); a mail client needs the absolute address, so those are prefixed with PUBLIC_URL.
 */
export function emailBrand(
  publicUrl: string,
  company: { name: string; logoUrl: string | null },
): TEmailBrand {
  const logo = company.logoUrl?.trim() || null;
  let logoUrl: string | null = null;
  if (logo && /^https?:\/\//i.test(logo)) logoUrl = logo;
  else if (logo?.startsWith("/")) logoUrl = `${publicUrl.replace(/\/$/, "")}${logo}`;
  return { name: company.name, logoUrl };
}

function brandHeader(brand: TEmailBrand | undefined) {
  if (!brand?.logoUrl) return "";
  return html`<p style="margin:0 0 16px"><img src="${brand.logoUrl}" alt="${`${brand.name} logo`}" height="48" style="height:48px;max-width:200px;width:auto;border:0;display:block"></p>\n`;
}

/**
 * The frame of every transactional e-mail: plain, table-free HTML that renders in every client. A
 * company's mail (invitations, new-lead notices) passes its brand, so the company's logo heads it.
 * The body is SafeHtml (made with lib/html.ts `html`), so every text in it was escaped on the way in;
 * the title, the action and the brand are text and escaped here.
 */
export function emailLayout(
  title: string,
  body: SafeHtml,
  action?: { label: string; url: string },
  brand?: TEmailBrand,
): SafeHtml {
  const button = action
    ? html`<p style="margin:24px 0"><a href="${action.url}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${action.label}</a></p>
<p style="color:#666;font-size:13px">If the button does not work, open this link:<br><a href="${action.url}">${action.url}</a></p>`
    : "";
  return html`<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
${brandHeader(brand)}<h1 style="font-size:20px">${title}</h1>${body}${button}
<p style="color:#999;font-size:12px;margin-top:32px">Sent by Leadpost. If you did not expect this e-mail, you can ignore it.</p>
</body></html>`;
}
