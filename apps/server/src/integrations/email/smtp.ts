import nodemailer from "nodemailer";
import { EmailDeliveryError, type TEmailTransport } from "./transport";

/** The platform's SMTP server, e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465. */
export function createSmtpTransport(url: string): TEmailTransport & { verify(): Promise<void> } {
  // Bounded waits: a hung server must fail the attempt well within the message's claim (MAIL_CLAIM_SECONDS).
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    name: "smtp",
    /** Connects and greets (and authenticates, when the URL has credentials) without sending. */
    async verify() {
      await transporter.verify();
    },
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: message.from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text ?? undefined,
          messageId: `<${message.idempotencyKey}@leadpost>`,
        });
        return { providerMessageId: info.messageId ?? null };
      } catch (err) {
        const e = err as { responseCode?: number; message: string };
        // 5xx SMTP replies are permanent (bad mailbox, policy); anything else may pass later.
        const retryable = !(e.responseCode && e.responseCode >= 500 && e.responseCode < 600);
        throw new EmailDeliveryError(`SMTP: ${e.message}`, retryable);
      }
    },
  };
}
