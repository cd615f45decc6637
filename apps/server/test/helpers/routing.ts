import { randomUUID } from "node:crypto";
import type { TLeadDetail } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import { buyers, leads } from "../../src/db/schema";
import { lookupZip } from "../../src/integrations/geocoding/zip-centroids";
import type { TTestContext } from "./test-app";

/** 80202 is downtown Denver; 80123 (Littleton) is 10.2 miles from it, 10001 (New York) far away. */
export const ZIP_A = "80202";
export const ZIP_10_MILES = "80123";
export const ZIP_FAR = "10001";

let seq = 0;

/** A buyer written straight into the database, located at its zip's centroid as the buyers API does. */
export async function addBuyer(
  ctx: TTestContext,
  companyId: string,
  over: Partial<typeof buyers.$inferInsert> = {},
) {
  seq += 1;
  const zip = over.zipCode ?? ZIP_10_MILES;
  const place = lookupZip(zip);
  const [row] = await ctx.database.db
    .insert(buyers)
    .values({
      companyId,
      email: `buyer${seq}-${randomUUID().slice(0, 6)}@example.com`,
      contactName: `Buyer ${seq}`,
      companyName: `Buyer ${seq} Co`,
      zipCode: zip,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      status: "active",
      serviceRadius: 25,
      // Distinct creation times keep the never-served tie-break predictable.
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)),
      ...over,
    })
    .returning();
  return row!;
}

/** A new, not yet routed lead written straight into the database (as lead creation leaves it). */
export async function addLead(
  ctx: TTestContext,
  companyId: string,
  over: Partial<typeof leads.$inferInsert> = {},
) {
  const place = lookupZip(over.zipCode === undefined ? ZIP_A : over.zipCode);
  const [row] = await ctx.database.db
    .insert(leads)
    .values({
      companyId,
      source: "manual",
      zipCode: ZIP_A,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      ...over,
    })
    .returning();
  return row!;
}

export async function leadDetail(ctx: TTestContext, cookie: string, leadId: string): Promise<TLeadDetail> {
  const res = await ctx.request(`/api/leads/${leadId}`, { cookie });
  if (res.status !== 200) throw new Error(`lead detail failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as TLeadDetail;
}

export async function buyerRow(ctx: TTestContext, id: string) {
  const [row] = await ctx.database.db.select().from(buyers).where(eq(buyers.id, id));
  return row!;
}
