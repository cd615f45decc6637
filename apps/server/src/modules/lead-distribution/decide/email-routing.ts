import { emailEntryMatches, type TLeadPlace } from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../../app-types";
import type { Db } from "../../../db/client";
import { formEmailRouting, leadDeliveries, leads } from "../../../db/schema";
import { lookupZip } from "../../../integrations/geocoding/zip-centroids";
import { html } from "../../../lib/html";
import { answersOf } from "../../../lib/lead-answers";
import { emailLayout } from "../../email";

export type TEmailDecision = {
  email: string;
  matches: boolean;
  reason: string;
  distanceMiles: number | null;
};

/** A form's active e-mail routing entry, as the routing reads it with the lead. */
export type TEmailEntry = {
  email: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  radius: number | null;
};

/** The form's active e-mail routing entries (in their order), each judged against the lead's place. */
export function judgeEmailEntries(entries: readonly TEmailEntry[], place: TLeadPlace): TEmailDecision[] {
  return entries.map((entry) => {
    const zip = entry.zipCode ? lookupZip(entry.zipCode) : null;
    const result = emailEntryMatches(
      { ...entry, zipLocation: zip ? { latitude: zip.latitude, longitude: zip.longitude } : null },
      place,
    );
    return { email: entry.email, ...result };
  });
}

/**
 * The form's active e-mail routing entries as a JSON column of the routing's first statement (the lead
 * with its lock), so they cost no round trip of their own. The lead's columns are named with their
 * table: drizzle leaves them unqualified in a one-table select, where they would mean e's own.
 */
export const emailEntriesColumn = sql<TEmailEntry[] | null>`(
  select json_agg(json_build_object('email', e.email, 'city', e.city, 'state', e.state,
                                    'zipCode', e.zip_code, 'radius', e.radius) order by e.created_at, e.id)
    from ${formEmailRouting} e
   where e.form_id = "leads"."form_id" and e.company_id = "leads"."company_id" and e.status = 'active')`;

/** Queues one e-mail delivery per matching entry (an address once), inside the routing transaction; returns how many. */
export async function queueEmailDeliveries(
  tx: Db,
  lead: { id: string; companyId: string },
  decisions: readonly TEmailDecision[],
): Promise<number> {
  const targets = [...new Set(decisions.filter((d) => d.matches).map((d) => d.email))];
  if (targets.length === 0) return 0;
  await tx.insert(leadDeliveries).values(
    targets.map((target) => ({
      companyId: lead.companyId,
      leadId: lead.id,
      channel: "email" as const,
      target,
      status: "pending" as const,
    })),
  );
  return targets.length;
}

/**
 * Hands the lead's pending e-mail deliveries to the e-mail service, after the routing commit (and
 * again on a later run, if a server stopped in between). Each delivery is claimed with a conditional
 * update first, so two runs never send it twice; the e-mail service then stores and retries the message.
 * Deliveries and lead are read with the lead's company: a delivery row of one company naming another
 * company's lead is never sent.
 */
export async function sendPendingEmailDeliveries(
  deps: Pick<TDeps, "database" | "email" | "logger">,
  ref: { id: string; companyId: string },
): Promise<number> {
  const db = deps.database.db;
  const claimed = await db
    .update(leadDeliveries)
    .set({ status: "sent", attempts: 1 })
    .where(
      and(
        eq(leadDeliveries.companyId, ref.companyId),
        eq(leadDeliveries.leadId, ref.id),
        eq(leadDeliveries.channel, "email"),
        eq(leadDeliveries.status, "pending"),
      ),
    )
    .returning();
  if (claimed.length === 0) return 0;
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, ref.id), eq(leads.companyId, ref.companyId)));
  if (!lead) return 0;
  const message = newLeadEmail(lead);
  for (const delivery of claimed) {
    try {
      const stored = await deps.email.send({
        companyId: lead.companyId,
        to: delivery.target,
        kind: "lead_routing",
        ...message,
      });
      await db
        .update(leadDeliveries)
        .set({ meta: { emailMessageId: stored.id } })
        .where(eq(leadDeliveries.id, delivery.id));
    } catch (err) {
      deps.logger.warn({ err, deliveryId: delivery.id }, "lead e-mail could not be handed over");
      await db
        .update(leadDeliveries)
        .set({ status: "failed", lastError: (err as Error).message.slice(0, 500) })
        .where(eq(leadDeliveries.id, delivery.id));
    }
  }
  return claimed.length;
}

function newLeadEmail(lead: typeof leads.$inferSelect) {
  const place = [lead.city, lead.state, lead.zipCode].filter(Boolean).join(", ") || "Not specified";
  const rows: [string, string][] = [
    ["Name", lead.name ?? ""],
    ["Email", lead.email ?? ""],
    ["Phone", lead.phone ?? ""],
    ["Location", place],
    ["Service", lead.serviceType],
    ...answersOf(lead).map((a): [string, string] => [
      a.label,
      Array.isArray(a.value) ? a.value.join(", ") : a.value === null ? "" : String(a.value),
    ]),
  ];
  const table = html`${rows
    .filter(([, v]) => v !== "")
    .map(([k, v]) => html`<p style="margin:4px 0"><strong>${k}:</strong> ${v}</p>`)}`;
  const title = `New lead: ${lead.serviceType} in ${place}`;
  return {
    subject: lead.isDuplicate ? `${title} (duplicate)` : title,
    html: emailLayout(title, table),
    text: rows
      .filter(([, v]) => v !== "")
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n"),
  };
}
