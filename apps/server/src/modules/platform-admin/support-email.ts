import type { TSupportEmail } from "@leadpost/shared";
import type { TDeps } from "../../app-types";
import { html } from "../../lib/html";
import { emailLayout } from "../email";

/** send-support-email: a message from the platform's support to a user, through the platform mail. */
export async function sendSupportEmail(deps: Pick<TDeps, "email">, input: TSupportEmail) {
  const paragraphs = input.message
    .split(/\n{2,}/)
    .map((p) => html`<p>${p.split("\n").map((line, i) => html`${i > 0 ? html`<br>` : ""}${line}`)}</p>`);
  const message = await deps.email.send({
    to: input.to,
    subject: input.subject,
    html: emailLayout(input.subject, html`${paragraphs}`),
    text: input.message,
    kind: "support",
  });
  return { sent: message.status !== "failed", messageId: message.id, status: message.status };
}
