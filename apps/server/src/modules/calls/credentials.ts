import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { companies, companySecrets } from "../../db/schema";

export type TCompanyTwilio = {
  accountSid: string | null;
  authToken: string;
  /** Where Twilio reaches this server: the company's own base URL, else the product's public address. */
  webhookBaseUrl: string;
};

/** The columns `companyTwilio` reads, for queries that join them onto their own rows. */
export const twilioColumns = {
  accountSid: companies.twilioAccountSid,
  webhookBaseUrl: companies.twilioWebhookBaseUrl,
  ciphertext: companySecrets.ciphertext,
};
export const twilioSecretJoin = (companyIdColumn: typeof companies.id) =>
  and(eq(companySecrets.companyId, companyIdColumn), eq(companySecrets.name, "twilio_auth_token"));

/** The company's Twilio settings (SID, sealed auth token, webhook base URL), or null without a token. */
export async function companyTwilio(
  deps: Pick<TDeps, "database" | "secretBox" | "config">,
  companyId: string,
): Promise<TCompanyTwilio | null> {
  const [row] = await deps.database.db
    .select(twilioColumns)
    .from(companies)
    .leftJoin(companySecrets, twilioSecretJoin(companies.id))
    .where(eq(companies.id, companyId));
  return row ? twilioSettings(deps, row) : null;
}

export function twilioSettings(
  deps: Pick<TDeps, "secretBox" | "config">,
  row: { accountSid: string | null; webhookBaseUrl: string | null; ciphertext: string | null },
): TCompanyTwilio | null {
  if (!row.ciphertext) return null;
  return {
    accountSid: row.accountSid,
    authToken: deps.secretBox.open(row.ciphertext),
    webhookBaseUrl: (row.webhookBaseUrl || deps.config.publicUrl).replace(/\/$/, ""),
  };
}
