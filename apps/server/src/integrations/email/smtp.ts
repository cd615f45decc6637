import nodemailer from "nodemailer";
import { EmailDeliveryError, type TEmailTransport } from "./transport";

/** The platform's SMTP server, e.g. smtp://user:pass@mail.example.com:587 or smtps://…:465. */
export function createSmtpTransport(url: string): TEmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: "smtp",
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
