import { and, desc, eq, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { afterCommit, assertOutsideTransaction } from "../../db/after-commit";
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
import type {
  TEmailEnqueue,
  TEmailEnqueueMany,
  TEmailInput,
  TEmailPort,
  TEmailMessageRow as TMessageRow,
} from "../../ports";

export const MAX_EMAIL_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;

export type { TEmailInput };
/** The service this module makes is the e-mail port every other part depends on (ports.ts). */
export type TEmailService = TEmailPort;

/** Addresses that can never reach a person (RFC 2606 / 6761): the built-in mailbox may "deliver" them. */
const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|test|example|invalid|localhost|local)$/i;

export function isReservedAddress(address: string): boolean {
  const domain = address.slice(address.lastIndexOf("@") + 1);
  return RESERVED_DOMAIN.test(domain);
}

export const MAILBOX_NOT_SENT =
  "Not sent: no mail server is configured (SMTP_URL or a Resend key). The message is kept in the development mailbox.";

/**
 * Transactional e-mail: the company's Resend key when set, else the platform's Resend key or SMTP
 * server, else (outside production only) the built-in mailbox. send() only stores the message and
 * queues it, so no request waits for a mail server; deliver() runs in the job worker. A message is
 * claimed for MAIL_CLAIM_SECONDS: if its instance dies mid-send, deliverDue() sends it again later.
 */
export function createEmailService(deps: {
  db: Db;
  config: TConfig;
  secretBox: TSecretBox;
  logger: TLogger;
}): TEmailPort {
  const { db, config } = deps;
  const smtp = config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : null;
  const platformResend = config.mail.resendApiKey
    ? createResendTransport({ apiKey: config.mail.resendApiKey, baseUrl: config.mail.resendBaseUrl })
    : null;
  let enqueue: TEmailEnqueue | null = null;
  let enqueueMany: TEmailEnqueueMany | null = null;

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
    const platform = platformResend ?? smtp;
    if (platform) return { transport: platform, from: config.mail.from };
    // loadConfig refuses production without a mail server; this guards a wiring mistake.
    if (config.isProduction) throw new Error("no mail transport is configured");
    return { transport: mailboxTransport, from: config.mail.from };
  }

  async function kick(messageId: string, delaySeconds?: number) {
    assertOutsideTransaction("Queuing an e-mail");
    if (!enqueue) return;
    try {
      await enqueue(messageId, delaySeconds);
    } catch (err) {
      // The message is stored; the periodic sweep (deliverDue) picks it up.
      deps.logger.warn({ err, emailId: messageId }, "e-mail could not be queued; the sweep will send it");
    }
  }

  async function kickMany(messageIds: string[]) {
    assertOutsideTransaction("Queuing e-mails");
    if (!enqueueMany) {
      for (const id of messageIds) await kick(id);
      return;
    }
    try {
      await enqueueMany(messageIds);
    } catch (err) {
      deps.logger.warn(
        { err, emails: messageIds.length },
        "e-mails could not be queued; the sweep will send them",
      );
    }
  }

  /** The rows of these messages as stored: queued, from the sender of each one's company. */
  async function messageRows(inputs: readonly TEmailInput[]) {
    const senders = new Map<string | null, Awaited<ReturnType<typeof transportFor>>>();
    for (const input of inputs) {
      const companyId = input.companyId ?? null;
      if (!senders.has(companyId)) senders.set(companyId, await transportFor(companyId));
    }
    return inputs.map((input) => {
      const { transport, from } = senders.get(input.companyId ?? null)!;
      return {
        companyId: input.companyId ?? null,
        toAddress: input.to.trim().toLowerCase(),
        fromAddress: from,
        subject: input.subject,
        html: input.html.value,
        text: input.text ?? null,
        kind: input.kind,
        transport: transport.name,
        status: "queued" as const,
        attempts: 0,
      };
    });
  }

  /**
   * Queued once the transaction that stored them has committed (db/after-commit.ts): the job must find
   * the rows, and on the embedded database the queue's statements would wait behind that transaction
   * forever. A transaction that rolls back takes the messages with it and queues nothing.
   */
  async function queueStored(ids: string[], expected: number) {
    if (ids.length !== expected) throw new Error("e-mail could not be stored");
    await afterCommit(() => (ids.length === 1 ? kick(ids[0]!) : kickMany(ids)));
  }

  /** Claims the message if nobody is sending it (or its sender's claim ran out); null otherwise. */
  async function claim(messageId: string): Promise<TMessageRow | null> {
    const now = new Date();
    const [row] = await db
      .update(emailMessages)
      .set({
        status: "sending",
        attempts: sql`${emailMessages.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + config.mail.claimSeconds * 1000),
      })
      .where(
        and(
          eq(emailMessages.id, messageId),
          or(
            eq(emailMessages.status, "queued"),
            and(inArray(emailMessages.status, ["failed", "sending"]), lte(emailMessages.nextAttemptAt, now)),
          ),
        ),
      )
      .returning();
    return row ?? null;
  }

  async function record(id: string, values: Partial<typeof emailMessages.$inferInsert>) {
    const [row] = await db.update(emailMessages).set(values).where(eq(emailMessages.id, id)).returning();
    return row ?? null;
  }

  async function deliverClaimed(message: TMessageRow): Promise<TMessageRow> {
    if (message.attempts > MAX_EMAIL_ATTEMPTS) {
      return (
        (await record(message.id, {
          status: "failed",
          nextAttemptAt: null,
          lastError: message.lastError ?? "Given up after repeated interrupted attempts",
        })) ?? message
      );
    }
    let transport: TEmailTransport;
    let from: string;
    try {
      ({ transport, from } = await transportFor(message.companyId));
    } catch (err) {
      return (
        (await record(message.id, {
          status: "failed",
          nextAttemptAt: new Date(Date.now() + RETRY_BASE_MS),
          lastError: (err as Error).message.slice(0, 500),
        })) ?? message
      );
    }
    if (transport.name === "mailbox" && !isReservedAddress(message.toAddress)) {
      // Kept for /dev/mailbox, but a real person received nothing: the log must say so.
      return (
        (await record(message.id, {
          status: "failed",
          transport: "mailbox",
          nextAttemptAt: null,
          lastError: MAILBOX_NOT_SENT,
        })) ?? message
      );
    }
    // Durable follow-up: if this process dies mid-send, that job (run by any instance once the claim
    // has run out) sends the message again; when the send completes it finds nothing to do.
    await kick(message.id, config.mail.claimSeconds + 1);
    try {
      const { providerMessageId } = await transport.send({
        from,
        to: message.toAddress,
        subject: message.subject,
        html: message.html,
        text: message.text,
        idempotencyKey: message.id,
      });
      return (
        (await record(message.id, {
          status: "sent",
          transport: transport.name,
          fromAddress: from,
          sentAt: new Date(),
          providerMessageId,
          lastError: null,
          nextAttemptAt: null,
        })) ?? message
      );
    } catch (err) {
      const retryable = err instanceof EmailDeliveryError ? err.retryable : true;
      const giveUp = !retryable || message.attempts >= MAX_EMAIL_ATTEMPTS;
      const delayMs = RETRY_BASE_MS * 2 ** (message.attempts - 1);
      deps.logger.warn(
        { emailId: message.id, err: (err as Error).message, giveUp },
        "e-mail delivery failed",
      );
      const failed = await record(message.id, {
        status: "failed",
        transport: transport.name,
        lastError: (err as Error).message.slice(0, 500),
        nextAttemptAt: giveUp ? null : new Date(Date.now() + delayMs),
      });
      if (!giveUp) await kick(message.id, Math.ceil(delayMs / 1000));
      return failed ?? message;
    }
  }

  return {
    /** Lets the job queue take over delivery (set once at start-up; tests may leave it unset). */
    attachQueue(fn: TEmailEnqueue, many?: TEmailEnqueueMany) {
      enqueue = fn;
      enqueueMany = many ?? null;
    },

    /** Stores the message and queues its delivery; returns at once with the stored row. */
    async send(input: TEmailInput): Promise<TMessageRow> {
      const [stored] = await db
        .insert(emailMessages)
        .values(await messageRows([input]))
        .returning();
      await queueStored(stored ? [stored.id] : [], 1);
      return stored!;
    },

    /**
     * Stores many messages with one insert and queues them together (a routing's new-lead notices);
     * answers their ids only, so the messages are not sent back over the wire.
     */
    async sendMany(inputs: readonly TEmailInput[]): Promise<string[]> {
      if (inputs.length === 0) return [];
      const stored = await db
        .insert(emailMessages)
        .values(await messageRows(inputs))
        .returning({ id: emailMessages.id });
      const ids = stored.map((m) => m.id);
      await queueStored(ids, inputs.length);
      return ids;
    },

    /**
     * Like sendMany, but stored together with a claim, in one statement: `claim` is a data-modifying
     * statement (e.g. deleting an outbox row) returning a `key` column, and only the messages whose
     * `key` it returned are stored. A second run finds nothing left to claim and stores nothing, so a
     * retried job never writes a message twice. The claim runs even with no messages. Answers the ids.
     * A claim of several steps is given as `{ steps, keys }`: `steps` the statement's other WITH
     * entries (`a as (…), b as (…)`, data-modifying ones included), `keys` the query answering the keys.
     */
    async sendManyClaimed(
      inputs: readonly (TEmailInput & { key: string })[],
      claim: SQL | { steps: SQL; keys: SQL },
    ): Promise<string[]> {
      const rows = (await messageRows(inputs)).map((row, i) => ({
        key: inputs[i]!.key,
        company_id: row.companyId,
        to_address: row.toAddress,
        from_address: row.fromAddress,
        subject: row.subject,
        html: row.html,
        text: row.text,
        kind: row.kind,
        transport: row.transport,
      }));
      const head =
        "steps" in claim
          ? sql`with ${claim.steps}, claimed as (${claim.keys})`
          : sql`with claimed as (${claim})`;
      const result = (await db.execute(sql`
        ${head}
        insert into ${emailMessages} (company_id, to_address, from_address, subject, html, text, kind,
                                      transport, status, attempts)
        select m.company_id, m.to_address, m.from_address, m.subject, m.html, m.text, m.kind,
               m.transport, 'queued', 0
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
               as m("key" text, company_id uuid, to_address text, from_address text, subject text,
                    html text, text text, kind text, transport text)
         where m."key" in (select "key"::text from claimed)
        returning id`)) as { rows: { id: string }[] };
      const ids = result.rows.map((r) => r.id);
      if (ids.length > 0) await queueStored(ids, ids.length);
      return ids;
    },

    /**
     * The worker's step: sends the message once if it is still waiting; no-op when another has it.
     * Never inside a transaction: a mail server's answer must not hold one open (afterCommit).
     */
    async deliver(messageId: string): Promise<TMessageRow | null> {
      assertOutsideTransaction("Sending an e-mail");
      const claimed = await claim(messageId);
      return claimed ? deliverClaimed(claimed) : null;
    },

    /**
     * The sweep: every message still queued, failed and due, or claimed by a sender whose claim ran
     * out (an instance that died mid-send), is claimed and sent. Safe on several instances at once.
     */
    async deliverDue(limit = 50): Promise<number> {
      const now = new Date();
      const due = await db
        .select({ id: emailMessages.id })
        .from(emailMessages)
        .where(
          or(
            eq(emailMessages.status, "queued"),
            and(inArray(emailMessages.status, ["failed", "sending"]), lte(emailMessages.nextAttemptAt, now)),
          ),
        )
        .orderBy(emailMessages.createdAt)
        .limit(limit);
      assertOutsideTransaction("Sending e-mails");
      let sent = 0;
      for (const { id } of due) {
        const claimed = await claim(id);
        if (!claimed) continue;
        await deliverClaimed(claimed);
        sent++;
      }
      return sent;
    },

    /** Sends a failed message of the company again (the Email page's "Resend"). */
    async resend(companyId: string, messageId: string): Promise<TMessageRow | null> {
      const [row] = await db
        .update(emailMessages)
        .set({ status: "queued", attempts: 0, nextAttemptAt: null })
        .where(
          and(
            eq(emailMessages.id, messageId),
            eq(emailMessages.companyId, companyId),
            eq(emailMessages.status, "failed"),
          ),
        )
        .returning();
      // Queued once the request has committed the row as queued (never from inside its transaction).
      if (row) await afterCommit(() => kick(row.id));
      return row ?? null;
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
