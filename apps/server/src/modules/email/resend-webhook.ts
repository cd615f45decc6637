import { and, eq, inArray } from "drizzle-orm";
import type { TApp, TDeps } from "../../app-types";
import { companySecrets, emailMessages } from "../../db/schema";
import { isValidSvixSignature } from "../../integrations/email/svix-signature";

// Resend's delivery events for a company's mail, posted to the address Settings → Email shows
// (/api/webhooks/resend/{companyId}) and signed with the signing secret saved there. Each event moves
// the message's status in the e-mail log; an event never moves a status back (a late "delayed" after
// "delivered" changes nothing), so retries and out-of-order deliveries are harmless.

type TStatus = (typeof emailMessages.$inferSelect)["status"];

const EVENT_STATUS: Record<string, TStatus> = {
  "email.delivery_delayed": "delayed",
  "email.delivered": "delivered",
  "email.bounced": "bounced",
  "email.complained": "complained",
  "email.failed": "failed",
};
/** The statuses an event may replace, by the status it brings. */
const REPLACES: Record<string, TStatus[]> = {
  delayed: ["sent", "sending", "delayed"],
  delivered: ["sent", "sending", "delayed", "delivered"],
  bounced: ["sent", "sending", "delayed", "delivered", "bounced"],
  complained: ["sent", "sending", "delayed", "delivered", "complained"],
  failed: ["sent", "sending", "delayed"],
};

export const RESEND_WEBHOOK_PATH = "/api/webhooks/resend/:companyId";

export function registerResendWebhook(app: TApp, deps: TDeps) {
  app.post(RESEND_WEBHOOK_PATH, async (c) => {
    const companyId = c.req.param("companyId");
    const body = await c.req.text();
    const secret = /^[0-9a-f-]{36}$/i.test(companyId) ? await signingSecret(deps, companyId) : null;
    const signed =
      secret !== null &&
      isValidSvixSignature(
        secret,
        {
          id: c.req.header("svix-id"),
          timestamp: c.req.header("svix-timestamp"),
          signature: c.req.header("svix-signature"),
        },
        body,
      );
    if (!signed) return c.json({ error: "The webhook signature is missing or does not match." }, 401);
    let event: { type?: unknown; data?: { email_id?: unknown } };
    try {
      event = JSON.parse(body);
    } catch {
      return c.json({ error: "The webhook body is not JSON." }, 400);
    }
    const status = typeof event.type === "string" ? EVENT_STATUS[event.type] : undefined;
    const emailId = event.data?.email_id;
    if (status && typeof emailId === "string") {
      await deps.database.db
        .update(emailMessages)
        .set({ status, ...(status === "failed" ? { nextAttemptAt: null } : {}) })
        .where(
          and(
            eq(emailMessages.companyId, companyId),
            eq(emailMessages.providerMessageId, emailId),
            inArray(emailMessages.status, REPLACES[status] ?? []),
          ),
        );
    }
    // Events we do not record (sent, opened, clicked) are acknowledged so Resend does not retry them.
    return c.json({ received: true }, 200);
  });
}

async function signingSecret(deps: Pick<TDeps, "database" | "secretBox">, companyId: string) {
  const [row] = await deps.database.db
    .select({ ciphertext: companySecrets.ciphertext })
    .from(companySecrets)
    .where(and(eq(companySecrets.companyId, companyId), eq(companySecrets.name, "resend_webhook_secret")));
  return row ? deps.secretBox.open(row.ciphertext) : null;
}
