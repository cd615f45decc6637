import { SETTINGS_MESSAGES as M, type TTwilioVerify } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { companies } from "../../db/schema";
import { twilioRest, twilioRestStatus } from "../../integrations/twilio";
import { openSecrets } from "./secrets";

type TCheckDeps = Pick<TDeps, "database" | "secretBox" | "config">;

// 002 §4: Twilio verification is unknown, verified or failed. "Twilio Connected" is shown only after
// the saved SID and token passed a check against Twilio's REST API (the account fetch, basic auth);
// the result and its time are stored, so a mistyped token shows "Twilio Not Configured".

/** Asks Twilio for the account with this SID and token. */
export async function checkTwilioAccount(
  deps: Pick<TDeps, "config">,
  creds: { accountSid: string; authToken: string },
): Promise<TTwilioVerify> {
  try {
    const rest = await twilioRest(deps.config.twilio.apiBaseUrl, creds);
    const account = await rest.api.v2010.accounts(creds.accountSid).fetch();
    const friendlyName = account.friendlyName ?? "";
    return {
      valid: true,
      message: `Connected to ${friendlyName || account.sid || creds.accountSid}`,
      accountInfo: { friendlyName, status: account.status ?? "active" },
    };
  } catch (err) {
    // 401/403/404: Twilio does not know this SID and token; anything else (or no answer) is an outage.
    const refused = [401, 403, 404].includes(twilioRestStatus(err));
    return { valid: false, message: refused ? M.TWILIO_INVALID : M.TWILIO_VERIFY_FAILED, accountInfo: null };
  }
}

/**
 * Checks the company's saved SID and token and stores the verdict with its time; without a saved
 * pair the verdict is "unknown". Runs outside any transaction (it waits for Twilio).
 */
export async function recordTwilioCheck(deps: TCheckDeps, companyId: string): Promise<TTwilioVerify | null> {
  const db = deps.database.db;
  const [company] = await db
    .select({ accountSid: companies.twilioAccountSid })
    .from(companies)
    .where(eq(companies.id, companyId));
  const { twilio_auth_token: authToken } = await openSecrets(deps, db, companyId, ["twilio_auth_token"]);
  const accountSid = company?.accountSid;
  const result = accountSid && authToken ? await checkTwilioAccount(deps, { accountSid, authToken }) : null;
  await db
    .update(companies)
    .set({
      twilioVerification: result ? (result.valid ? "verified" : "failed") : "unknown",
      twilioCheckedAt: result ? new Date() : null,
    })
    .where(eq(companies.id, companyId));
  return result;
}
