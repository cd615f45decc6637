import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies, companySecrets, emailMessages } from "../../db/schema";
import { createResendTransport } from "../../integrations/email/resend";
import { createSmtpTransport } from "../../integrations/email/smtp";
import {
  EmailDeliveryError,
  mailboxTransport,
  type TEmailTransport,
} from "../../integrations/email/transport";
import type { TConfig } from "../../lib/config";
import type { TLogger } from "../../lib/logger";
import type { TSecretBox } from "../../lib/secret-box";

export const MAX_EMAIL_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;

export type TEmailInput = {
  companyId?: string | null;
  to: string;
  subject: string;
  html: string;
  text?: string;
  /** What the message is for (verification, reset, invitation…), for the log. */
  kind: string;
};

export type TEmailService = ReturnType<typeof createEmailService>;
type TMessageRow = typeof emailMessages.$inferSelect;

/**
 * Transactional e-mail: the company's Resend key when set, else the platform's SMTP server, else the
 * built-in mailbox. Every message is stored first, so nothing is lost when delivery fails; failures
 * are retried with backoff by retryDue().
 */
export function createEmailService(deps: {
  db: Db;
  config: TConfig;
  secretBox: TSecretBox;
  logger: TLogger;
}) {
  const { db, config } = deps;
  const smtp = config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : null;

  async function transportFor(
    companyId: string | null,
  ): Promise<{ transport: TEmailTransport; from: string }> {
    if (companyId) {
      const [row] = await db
        .select({
          ciphertext: companySecrets.ciphertext,
          senderEmail: companies.senderEmail,
          senderName: companies.senderName,
          name: companies.name,
        })
        .from(companies)
        .leftJoin(
          companySecrets,
          and(eq(companySecrets.companyId, companies.id), eq(companySecrets.name, "resend_api_key")),
        )
        .where(eq(companies.id, companyId));
      if (row?.ciphertext && row.senderEmail) {
        const apiKey = deps.secretBox.open(row.ciphertext);
        const transport = createResendTransport({ apiKey, baseUrl: config.mail.resendBaseUrl });
        return { transport, from: `${row.senderName ?? row.name} <${row.senderEmail}>` };
      }
    }
    return { transport: smtp ?? mailboxTransport, from: config.mail.from };
  }

  async function deliver(message: TMessageRow): Promise<TMessageRow> {
    const { transport } = await transportFor(message.companyId);
    try {
      const { providerMessageId } = await transport.send({
        from: message.fromAddress,
        to: message.toAddress,
        subject: message.subject,
        html: message.html,
        text: message.text,
        idempotencyKey: message.id,
      });
      const [sent] = await db
        .update(emailMessages)
        .set({ status: "sent", sentAt: new Date(), providerMessageId, lastError: null, nextAttemptAt: null })
        .where(eq(emailMessages.id, message.id))
        .returning();
      return sent ?? message;
    } catch (err) {
      const retryable = err instanceof EmailDeliveryError ? err.retryable : true;
      const giveUp = !retryable || message.attempts >= MAX_EMAIL_ATTEMPTS;
      const nextAttemptAt = giveUp
        ? null
        : new Date(Date.now() + RETRY_BASE_MS * 2 ** (message.attempts - 1));
      deps.logger.warn(
        { emailId: message.id, err: (err as Error).message, giveUp },
        "e-mail delivery failed",
      );
      const [failed] = await db
        .update(emailMessages)
        .set({ status: "failed", lastError: (err as Error).message.slice(0, 500), nextAttemptAt })
        .where(eq(emailMessages.id, message.id))
        .returning();
      return failed ?? message;
    }
  }

  return {
    async send(input: TEmailInput): Promise<TMessageRow> {
      const companyId = input.companyId ?? null;
      const { transport, from } = await transportFor(companyId);
      const [stored] = await db
        .insert(emailMessages)
        .values({
          companyId,
          toAddress: input.to.trim().toLowerCase(),
          fromAddress: from,
          subject: input.subject,
          html: input.html,
          text: input.text ?? null,
          kind: input.kind,
          transport: transport.name,
          status: "sending",
          attempts: 1,
        })
        .returning();
      if (!stored) throw new Error("e-mail could not be stored");
      return deliver(stored);
    },

    /** Claims failed messages that are due (safely across instances) and tries them again. */
    async retryDue(limit = 20): Promise<number> {
      const due = db
        .select({ id: emailMessages.id })
        .from(emailMessages)
        .where(and(eq(emailMessages.status, "failed"), lte(emailMessages.nextAttemptAt, new Date())))
        .orderBy(emailMessages.nextAttemptAt)
        .limit(limit)
        .for("update", { skipLocked: true });
      const claimed = await db
        .update(emailMessages)
        .set({ status: "sending", attempts: sql`${emailMessages.attempts} + 1` })
        .where(inArray(emailMessages.id, due))
        .returning();
      for (const message of claimed) await deliver(message);
      return claimed.length;
    },

    async resend(companyId: string, messageId: string): Promise<TMessageRow | null> {
      const [row] = await db
        .update(emailMessages)
        .set({ status: "sending", attempts: sql`${emailMessages.attempts} + 1` })
        .where(and(eq(emailMessages.id, messageId), eq(emailMessages.companyId, companyId)))
        .returning();
      return row ? deliver(row) : null;
    },

    /** The development mailbox: newest stored messages, optionally for one address. */
    listMailbox(opts: { to?: string; limit?: number } = {}) {
      return db
        .select()
        .from(emailMessages)
        .where(opts.to ? eq(emailMessages.toAddress, opts.to.trim().toLowerCase()) : undefined)
        .orderBy(desc(emailMessages.createdAt))
        .limit(opts.limit ?? 100);
    },
  };
}
