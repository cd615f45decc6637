import {
  isCompanyAdminRole,
  PAYMENT_MESSAGES,
  type TPayPalSettings,
  type TPayPalSettingsUpdate,
} from "@leadpost/shared";
import { and, eq, inArray } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { companies, companySecrets } from "../../db/schema";
import { createPayPalClient, type TPayPalClient } from "../../integrations/paypal/client";
import { AppError, forbidden, notFound } from "../../lib/app-error";
import { lastFour } from "../../lib/secret-box";
import type { TCompanyContext } from "../../plugins/tenant";
import { notify } from "../realtime";

type TMode = "sandbox" | "live";
type TSettingsDeps = Pick<TDeps, "database" | "secretBox" | "config">;

const SECRET_NAME = { sandbox: "paypal_sandbox_secret_key", live: "paypal_secret_key" } as const;

export const notConfigured = () =>
  new AppError("PAYPAL_NOT_CONFIGURED", PAYMENT_MESSAGES.PAYPAL_NOT_CONFIGURED);

export const paypalWebhookUrl = (publicUrl: string, companyId: string) =>
  `${publicUrl}/api/webhooks/paypal/${companyId}`;

/**
 * The company's own PayPal app for a mode, with its secret opened from the secret box. Throws
 * PAYPAL_NOT_CONFIGURED when the client id or secret is missing (company_has_payment_configured).
 */
export async function paypalForCompany(
  deps: TSettingsDeps,
  db: Db,
  companyId: string,
  mode?: TMode,
): Promise<{ mode: TMode; client: TPayPalClient; webhookId: string | null }> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound("Company not found");
  const useMode: TMode = mode ?? (company.isSandboxMode ? "sandbox" : "live");
  const clientId = useMode === "sandbox" ? company.paypalSandboxClientId : company.paypalClientId;
  const [secret] = await db
    .select({ ciphertext: companySecrets.ciphertext })
    .from(companySecrets)
    .where(and(eq(companySecrets.companyId, companyId), eq(companySecrets.name, SECRET_NAME[useMode])));
  if (!clientId?.trim() || !secret) throw notConfigured();
  const baseUrl = useMode === "sandbox" ? deps.config.paypal.sandboxBaseUrl : deps.config.paypal.liveBaseUrl;
  return {
    mode: useMode,
    client: createPayPalClient({ baseUrl, clientId, secret: deps.secretBox.open(secret.ciphertext) }),
    webhookId: (useMode === "sandbox" ? company.paypalSandboxWebhookId : company.paypalWebhookId) ?? null,
  };
}

export async function getPayPalSettings(deps: TSettingsDeps, ctx: TCompanyContext): Promise<TPayPalSettings> {
  if (!isCompanyAdminRole(ctx.role)) throw forbidden();
  const db = deps.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.id, ctx.companyId));
  if (!company) throw notFound("Company not found");
  const secrets = await db
    .select({ name: companySecrets.name, last4: companySecrets.last4 })
    .from(companySecrets)
    .where(
      and(
        eq(companySecrets.companyId, ctx.companyId),
        inArray(companySecrets.name, [SECRET_NAME.sandbox, SECRET_NAME.live]),
      ),
    );
  const last4 = (mode: TMode) => secrets.find((s) => s.name === SECRET_NAME[mode])?.last4 ?? null;
  const mode: TMode = company.isSandboxMode ? "sandbox" : "live";
  const sandbox = {
    clientId: company.paypalSandboxClientId,
    secretLast4: last4("sandbox"),
    webhookId: company.paypalSandboxWebhookId,
  };
  const live = {
    clientId: company.paypalClientId,
    secretLast4: last4("live"),
    webhookId: company.paypalWebhookId,
  };
  const active = mode === "sandbox" ? sandbox : live;
  return {
    mode,
    sandbox,
    live,
    configured: Boolean(active.clientId && active.secretLast4),
    webhookUrl: paypalWebhookUrl(deps.config.publicUrl, ctx.companyId),
  };
}

/** Saves one mode's PayPal app: the secret sealed at rest, only its last four kept readable. */
export async function updatePayPalSettings(
  deps: TSettingsDeps,
  ctx: TCompanyContext,
  input: TPayPalSettingsUpdate,
): Promise<TPayPalSettings> {
  if (!isCompanyAdminRole(ctx.role)) throw forbidden();
  await deps.database.db.transaction(async (tx) => {
    const webhookId = input.webhookId === undefined ? undefined : input.webhookId || null;
    await tx
      .update(companies)
      .set(
        input.mode === "sandbox"
          ? { paypalSandboxClientId: input.clientId, paypalSandboxWebhookId: webhookId }
          : { paypalClientId: input.clientId, paypalWebhookId: webhookId },
      )
      .where(eq(companies.id, ctx.companyId));
    if (input.secret) {
      const values = {
        companyId: ctx.companyId,
        name: SECRET_NAME[input.mode],
        ciphertext: deps.secretBox.seal(input.secret),
        last4: lastFour(input.secret),
      };
      await tx
        .insert(companySecrets)
        .values(values)
        .onConflictDoUpdate({
          target: [companySecrets.companyId, companySecrets.name],
          set: { ciphertext: values.ciphertext, last4: values.last4, updatedAt: new Date() },
        });
    }
    // Buy Credits pages switch between "PayPal Not Configured" and the PayPal buttons.
    await notify(tx, "company_updated", { companyId: ctx.companyId });
  });
  return getPayPalSettings(deps, ctx);
}
