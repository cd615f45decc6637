/** The texts of the account e-mails. */
import { escapeHtml } from "../../lib/html";
import { emailLayout as layout } from "../email";

export function verificationEmail(name: string, url: string) {
  return {
    subject: "Confirm your e-mail address",
    html: layout(
      "Confirm your e-mail address",
      `<p>Hi ${escapeHtml(name || "there")},</p><p>Please confirm your e-mail address to finish setting up your Leadpost account.</p>`,
      { label: "Confirm e-mail", url },
    ),
    text: `Confirm your e-mail address: ${url}`,
  };
}

export function resetPasswordEmail(url: string) {
  return {
    subject: "Reset your password",
    html: layout(
      "Reset your password",
      "<p>We received a request to reset your Leadpost password. The link works once and expires in 1 hour.</p>",
      { label: "Reset password", url },
    ),
    text: `Reset your password (valid for 1 hour, single use): ${url}`,
  };
}

export function oneTimeCodeEmail(code: string) {
  return {
    subject: `Your Leadpost code: ${code}`,
    html: layout(
      "Your one-time code",
      `<p>Enter this code to reset your password. It expires in 10 minutes.</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(code)}</p>`,
    ),
    text: `Your one-time code is ${code}. It expires in 10 minutes.`,
  };
}
