import { escapeHtml } from "../../lib/html";

/** The frame of every transactional e-mail: plain, table-free HTML that renders in every client. */
export function emailLayout(title: string, bodyHtml: string, action?: { label: string; url: string }) {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="color:#666;font-size:13px">If the button does not work, open this link:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${bodyHtml}${button}
<p style="color:#999;font-size:12px;margin-top:32px">Sent by Leadpost. If you did not expect this e-mail, you can ignore it.</p>
</body></html>`;
}
