import { randomBytes } from "node:crypto";
import {
  BUYER_MESSAGES,
  isCompanyAdminRole,
  LEAD_DELIVERY_MESSAGES,
  MAX_DELIVERY_ENDPOINTS,
  type TCreateDeliveryEndpoint,
  type TDeliveryEndpoint,
  type TDeliveryEndpointWithSecret,
  type TUpdateDeliveryEndpoint,
  ZCreateDeliveryEndpointSchema,
} from "@leadpost/shared";
import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { TCompanyContext, TDeps } from "../../app-types";
import { buyers, deliveryEndpoints } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../lib/app-error";
import { lastFour } from "../../lib/secret-box";
import { saveTimeUrlProblem, type TResolveHost } from "./address-guard";

type TEndpointDeps = Pick<TDeps, "database" | "config" | "secretBox">;

/**
 * Whose endpoints a request manages: one buyer of one company. A company user reaches it through the
 * buyer's page (owners and org admins change, members read); the buyer itself through the portal
 * settings; an API key as its company. The company always comes from the session or the key.
 */
export type TEndpointOwner = { companyId: string; buyerId: string; canManage: boolean };

/** The owner for a company request about one of its buyers; another company's buyer is not found. */
export async function ownerForCompany(
  deps: Pick<TDeps, "database">,
  ctx: Pick<TCompanyContext, "companyId" | "role">,
  buyerId: string,
): Promise<TEndpointOwner> {
  const [row] = await deps.database.db
    .select({ id: buyers.id })
    .from(buyers)
    .where(and(eq(buyers.id, buyerId), eq(buyers.companyId, ctx.companyId), isNull(buyers.deletedAt)));
  if (!row) throw notFound(BUYER_MESSAGES.NOT_FOUND);
  return { companyId: ctx.companyId, buyerId, canManage: isCompanyAdminRole(ctx.role) };
}

type TEndpointRow = typeof deliveryEndpoints.$inferSelect;

export const endpointOut = (r: TEndpointRow): TDeliveryEndpoint => ({
  id: r.id,
  buyerId: r.buyerId,
  name: r.name,
  url: r.url,
  format: r.format,
  fieldMap: r.fieldMap,
  enabled: r.enabled,
  secretLast4: r.secretLast4,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const ownedBy = (owner: TEndpointOwner, endpointId: string) =>
  and(
    eq(deliveryEndpoints.id, endpointId),
    eq(deliveryEndpoints.companyId, owner.companyId),
    eq(deliveryEndpoints.buyerId, owner.buyerId),
  );

/** A new signing secret: 32 random bytes, prefixed so a buyer recognises what it is. */
const newSecret = () => `lpsec_${randomBytes(32).toString("base64url")}`;

function assertManage(owner: TEndpointOwner) {
  if (!owner.canManage) throw forbidden(LEAD_DELIVERY_MESSAGES.PERMISSION);
}

async function assertUrl(deps: TEndpointDeps, url: string, resolve?: TResolveHost) {
  const problem = await saveTimeUrlProblem(deps.config, url, resolve);
  if (problem) throw new AppError("VALIDATION_FAILED", problem, { url: [problem] });
}

export async function listEndpoints(deps: TEndpointDeps, owner: TEndpointOwner) {
  const rows = await deps.database.db
    .select()
    .from(deliveryEndpoints)
    .where(
      and(eq(deliveryEndpoints.companyId, owner.companyId), eq(deliveryEndpoints.buyerId, owner.buyerId)),
    )
    .orderBy(asc(deliveryEndpoints.createdAt), asc(deliveryEndpoints.id));
  return { endpoints: rows.map(endpointOut) };
}

export async function loadEndpoint(deps: Pick<TDeps, "database">, owner: TEndpointOwner, endpointId: string) {
  const [row] = await deps.database.db.select().from(deliveryEndpoints).where(ownedBy(owner, endpointId));
  if (!row) throw notFound(LEAD_DELIVERY_MESSAGES.NOT_FOUND);
  return row;
}

export async function createEndpoint(
  deps: TEndpointDeps,
  owner: TEndpointOwner,
  input: TCreateDeliveryEndpoint,
  resolve?: TResolveHost,
): Promise<TDeliveryEndpointWithSecret> {
  assertManage(owner);
  const parsed = ZCreateDeliveryEndpointSchema.parse(input);
  await assertUrl(deps, parsed.url, resolve);
  const db = deps.database.db;
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(deliveryEndpoints)
    .where(
      and(eq(deliveryEndpoints.companyId, owner.companyId), eq(deliveryEndpoints.buyerId, owner.buyerId)),
    );
  if (n >= MAX_DELIVERY_ENDPOINTS) throw new AppError("LIMIT_REACHED", LEAD_DELIVERY_MESSAGES.LIMIT);
  const secret = newSecret();
  const [row] = await db
    .insert(deliveryEndpoints)
    .values({
      companyId: owner.companyId,
      buyerId: owner.buyerId,
      name: parsed.name,
      url: parsed.url,
      format: parsed.format,
      fieldMap: parsed.fieldMap,
      enabled: parsed.enabled,
      secretCiphertext: deps.secretBox.seal(secret),
      secretLast4: lastFour(secret),
    })
    .returning();
  return { endpoint: endpointOut(row!), secret, message: LEAD_DELIVERY_MESSAGES.CREATED };
}

/** A PATCH: only the fields named change. */
export async function updateEndpoint(
  deps: TEndpointDeps,
  owner: TEndpointOwner,
  endpointId: string,
  patch: TUpdateDeliveryEndpoint,
  resolve?: TResolveHost,
): Promise<TDeliveryEndpoint> {
  assertManage(owner);
  await loadEndpoint(deps, owner, endpointId);
  if (patch.url !== undefined) await assertUrl(deps, patch.url, resolve);
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const [row] = await deps.database.db
    .update(deliveryEndpoints)
    .set({ ...set, updatedAt: new Date() })
    .where(ownedBy(owner, endpointId))
    .returning();
  return endpointOut(row!);
}

export async function rotateEndpointSecret(
  deps: TEndpointDeps,
  owner: TEndpointOwner,
  endpointId: string,
): Promise<TDeliveryEndpointWithSecret> {
  assertManage(owner);
  await loadEndpoint(deps, owner, endpointId);
  const secret = newSecret();
  const [row] = await deps.database.db
    .update(deliveryEndpoints)
    .set({
      secretCiphertext: deps.secretBox.seal(secret),
      secretLast4: lastFour(secret),
      updatedAt: new Date(),
    })
    .where(ownedBy(owner, endpointId))
    .returning();
  return { endpoint: endpointOut(row!), secret, message: LEAD_DELIVERY_MESSAGES.ROTATED };
}

/** Deletes the endpoint; its delivery log stays (the deliveries keep the endpoint's name and URL). */
export async function deleteEndpoint(deps: TEndpointDeps, owner: TEndpointOwner, endpointId: string) {
  assertManage(owner);
  const deleted = await deps.database.db
    .delete(deliveryEndpoints)
    .where(ownedBy(owner, endpointId))
    .returning({ id: deliveryEndpoints.id });
  if (deleted.length === 0) throw notFound(LEAD_DELIVERY_MESSAGES.NOT_FOUND);
  return { success: true as const, message: LEAD_DELIVERY_MESSAGES.DELETED };
}
