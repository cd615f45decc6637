import { LEAD_DELIVERY_HEADERS } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TApp, TDeps } from "../../app-types";
import { deliveryEndpoints, endpointDeliveries } from "../../db/schema";
import { html } from "../../lib/html";
import { devMailboxEnabled, devPageAccess } from "../email";
import { DEV_RECEIVER_PATH } from "./address-guard";
import { signatureHeader } from "./payload";

type TReceived = {
  at: string;
  deliveryId: string | null;
  event: string | null;
  attempt: string | null;
  contentType: string | null;
  signatureValid: boolean | null;
  body: string;
};

/** What the receiver kept (newest first), per process: a development aid, not a store. */
const received: TReceived[] = [];
const KEEP = 50;

/** Checks the signature the way a buyer would, with the endpoint's secret found by the delivery id. */
async function signatureValid(deps: TDeps, deliveryId: string | null, header: string | null, body: string) {
  if (!deliveryId || !header || !/^[0-9a-f-]{36}$/i.test(deliveryId)) return null;
  const [row] = await deps.database.db
    .select({ secret: deliveryEndpoints.secretCiphertext })
    .from(endpointDeliveries)
    .innerJoin(
      deliveryEndpoints,
      and(
        eq(deliveryEndpoints.id, endpointDeliveries.endpointId),
        eq(deliveryEndpoints.companyId, endpointDeliveries.companyId),
      ),
    )
    .where(eq(endpointDeliveries.id, deliveryId));
  if (!row) return null;
  const t = Number(/t=(\d+)/.exec(header)?.[1]);
  return signatureHeader(deps.secretBox.open(row.secret), body, new Date(t * 1000)) === header;
}

/**
 * Outside production, a buyer system to deliver to: POST /dev/lead-receiver accepts any delivery and
 * keeps it; GET /dev/lead-receiver shows what arrived (the demo buyer's endpoint points here). Like the
 * development mailbox, only callers on this machine or signed-in platform admins reach it.
 */
export function registerDevLeadReceiver(app: TApp, deps: TDeps) {
  if (!devMailboxEnabled(deps.config)) return;
  app.use(DEV_RECEIVER_PATH, devPageAccess(deps));
  app.use(`${DEV_RECEIVER_PATH}.json`, devPageAccess(deps));

  app.post(DEV_RECEIVER_PATH, async (c) => {
    const body = await c.req.text();
    const deliveryId = c.req.header(LEAD_DELIVERY_HEADERS.deliveryId) ?? null;
    const entry: TReceived = {
      at: new Date().toISOString(),
      deliveryId,
      event: c.req.header(LEAD_DELIVERY_HEADERS.event) ?? null,
      attempt: c.req.header(LEAD_DELIVERY_HEADERS.attempt) ?? null,
      contentType: c.req.header("content-type") ?? null,
      signatureValid: await signatureValid(
        deps,
        deliveryId,
        c.req.header(LEAD_DELIVERY_HEADERS.signature) ?? null,
        body,
      ),
      body: body.slice(0, 10_000),
    };
    received.unshift(entry);
    received.length = Math.min(received.length, KEEP);
    return c.json({ status: "accepted" }, 200);
  });

  app.get(`${DEV_RECEIVER_PATH}.json`, (c) => c.json({ received }));

  app.get(DEV_RECEIVER_PATH, (c) => {
    const items = received.map(
      (r) => html`<article>
  <header><strong>${r.event ?? "delivery"}</strong>
    <span>${r.at} · delivery ${r.deliveryId ?? "—"} · attempt ${r.attempt ?? "—"} · ${r.contentType ?? ""} ·
      signature ${r.signatureValid === null ? "not checked" : r.signatureValid ? "valid" : "INVALID"}</span>
  </header>
  <pre>${r.body}</pre>
</article>
`,
    );
    return c.html(
      html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev lead receiver</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#111;background:#fafafa}
  @media (prefers-color-scheme: dark){body{color:#eee;background:#111}article{background:#1b1b1b!important;border-color:#333!important}}
  article{background:#fff;border:1px solid #ddd;border-radius:8px;margin:1rem 0;padding:1rem}
  header span{display:block;color:#777;font-size:.85rem;margin-top:.25rem}
  pre{white-space:pre-wrap;word-break:break-all;font-size:.8rem}
</style></head><body>
<h1>Dev lead receiver</h1>
<p>Leads delivered to ${deps.config.publicUrl}${DEV_RECEIVER_PATH} by this server since it started. Newest first.</p>
${items.length > 0 ? items : html`<p>Nothing received yet.</p>`}
</body></html>`.value,
    );
  });
}
