/** The texts of the account e-mails. */
import { html } from "../../lib/html";
import { emailLayout as layout } from "../email";

export function verificationEmail(name: string, url: string) {
  return {
    subject: "Confirm your e-mail address",
    html: layout(
      "Confirm your e-mail address",
      html`<p>Hi ${name || "there"},</p><p>Please confirm your e-mail address to finish setting up your Leadpost account.</p>`,
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
      html`<p>We received a request to reset your Leadpost password. The link works once and expires in 1 hour.</p>`,
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
      html`<p>Enter this code to reset your password. It expires in 10 minutes.</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${code}</p>`,
    ),
    text: `Your one-time code is ${code}. It expires in 10 minutes.`,
  };
}

/**
 * To the owner of an address someone tried to register a company with (registration answers the same
 * for a new and an existing address, so the only one who learns the address has an account is its owner).
 */
export function registrationAttemptEmail(publicUrl: string) {
  const base = publicUrl.replace(/\/$/, "");
  const reset = `${base}/auth/forgot-password`;
  return {
    subject: "Someone tried to register with your e-mail address",
    html: layout(
      "Someone tried to register with your address",
      html`<p>Someone (perhaps you) tried to create a Leadpost company account with this e-mail address, which already has an account. Nothing was changed.</p>
<p>Sign in with your password, or reset it if you have forgotten it: <a href="${reset}">${reset}</a></p>
<p>If this was not you, you can ignore this e-mail.</p>`,
      { label: "Sign in", url: `${base}/login` },
    ),
    text: `Someone tried to register a Leadpost company account with this e-mail address, which already has an account. Sign in at ${base}/login or reset your password at ${reset}. If this was not you, ignore this e-mail.`,
  };
}
