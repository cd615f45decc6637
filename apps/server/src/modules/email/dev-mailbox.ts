import type { MiddlewareHandler } from "hono";
import type { TApp, TAppEnv, TDeps } from "../../app-types";
import { AppError } from "../../lib/app-error";
import { html } from "../../lib/html";
import { isPlatformAdmin } from "../../lib/platform-admins";
import { isLoopbackAddress, socketAddress } from "../../plugins/client-address";

/** Whether this instance keeps a readable mailbox (never in production); the web app shows a banner. */
export function devMailboxEnabled(config: TDeps["config"]): boolean {
  return !config.isProduction;
}

/**
 * The mailbox holds everyone's reset links: only callers on this machine (the socket's address, never
 * a forwarded header) and signed-in platform admins may read it. The development lead receiver
 * (modules/lead-delivery) is guarded the same way.
 */
export function devPageAccess(deps: TDeps): MiddlewareHandler<TAppEnv> {
  return async (c, next) => {
    if (isLoopbackAddress(socketAddress(c))) return next();
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (session && isPlatformAdmin(session.user.email, deps.config.platformAdminEmails)) return next();
    throw new AppError(
      "FORBIDDEN",
      "The development mailbox is only available on this machine or to a signed-in platform admin.",
    );
  };
}

/**
 * Outside production, mail that no provider delivered is readable here: /dev/mailbox for people,
 * /dev/mailbox.json for scripts and tests. Production answers 404.
 */
export function registerDevMailbox(app: TApp, deps: TDeps) {
  if (!devMailboxEnabled(deps.config)) return;
  app.use("/dev/mailbox", devPageAccess(deps));
  app.use("/dev/mailbox.json", devPageAccess(deps));

  app.get("/dev/mailbox.json", async (c) => {
    const messages = await deps.email.listMailbox({ to: c.req.query("to") ?? undefined });
    return c.json({
      messages: messages.map((m) => ({
        id: m.id,
        to: m.toAddress,
        from: m.fromAddress,
        subject: m.subject,
        kind: m.kind,
        transport: m.transport,
        status: m.status,
        html: m.html,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
    });
  });

  app.get("/dev/mailbox", async (c) => {
    const to = c.req.query("to");
    const messages = await deps.email.listMailbox({ to: to ?? undefined });
    // Every text below goes through the html template (lib/html.ts): a company's name or a subject
    // with markup in it shows as text, and the message itself only inside the sandboxed frame.
    const items = messages.map(
      (m) => html`<article>
  <header><strong>${m.subject}</strong>
    <span>to ${m.toAddress} · ${m.kind} · ${m.transport} · ${m.status} · ${m.createdAt.toISOString()}</span>
  </header>
  <iframe sandbox="allow-popups allow-top-navigation-by-user-activation" title="${m.subject}" srcdoc="${m.html}"></iframe>
  <details><summary>Links</summary><ul>${messageLinks(m.html).map(
    (href) => html`<li><a href="${href}">${href}</a></li>`,
  )}</ul></details>
</article>
`,
    );
    return c.html(
      html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111;background:#fafafa}
  @media (prefers-color-scheme: dark){body{color:#eee;background:#111}article{background:#1b1b1b!important;border-color:#333!important}a{color:#8ab4f8}}
  article{background:#fff;border:1px solid #ddd;border-radius:8px;margin:1rem 0;padding:1rem}
  header span{display:block;color:#777;font-size:.85rem;margin-top:.25rem}
  iframe{width:100%;height:16rem;border:1px solid #eee;border-radius:4px;margin-top:.75rem;background:#fff}
</style></head><body>
<h1>Dev mailbox</h1>
<p>Messages the built-in mailbox kept because no Resend key or SMTP server is configured${to ? html` — for ${to}` : ""}. Newest first.</p>
${items.length > 0 ? items : html`<p>No messages yet.</p>`}
</body></html>`.value,
    );
  });
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** The web addresses a message links to (its href attributes, unescaped); anything else is left out. */
function messageLinks(messageHtml: string): string[] {
  return [...messageHtml.matchAll(/href="([^"]+)"/g)]
    .map(([, href]) => href!.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!))
    .filter((href) => /^https?:\/\//i.test(href));
}
