import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { companies, companySecrets } from "../../db/schema";

export type TCompanyTwilio = {
  accountSid: string | null;
  authToken: string;
  /** Where Twilio reaches this server: the company's own base URL, else the product's public address. */
  webhookBaseUrl: string;
};

/** The company's Twilio settings (SID, sealed auth token, webhook base URL), or null without a token. */
export async function companyTwilio(
  deps: Pick<TDeps, "database" | "secretBox" | "config">,
  companyId: string,
): Promise<TCompanyTwilio | null> {
  const [row] = await deps.database.db
    .select({
      accountSid: companies.twilioAccountSid,
      webhookBaseUrl: companies.twilioWebhookBaseUrl,
      ciphertext: companySecrets.ciphertext,
    })
    .from(companies)
    .leftJoin(
      companySecrets,
      and(eq(companySecrets.companyId, companies.id), eq(companySecrets.name, "twilio_auth_token")),
    )
    .where(eq(companies.id, companyId));
  if (!row?.ciphertext) return null;
  return {
    accountSid: row.accountSid,
    authToken: deps.secretBox.open(row.ciphertext),
    webhookBaseUrl: (row.webhookBaseUrl || deps.config.publicUrl).replace(/\/$/, ""),
  };
}
