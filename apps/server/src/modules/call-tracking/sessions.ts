import {
  DNI_SESSIONS_LIMIT,
  type TDniSession,
  type TDniSessionBeacon,
  type TDniSessionStarted,
} from "@leadpost/shared";
import { toE164 } from "@leadpost/shared/domain/phone";
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { dniNumbers, dniSessions } from "../../db/schema";
import type { TCompanyContext } from "../../plugins/tenant";
import { VISIT_HOLD_MINUTES } from "./attribution";
import { companyIdForDniKey } from "./script-config";

type TDepsDb = Pick<TDeps, "database">;
type TDniRow = typeof dniNumbers.$inferSelect;

/**
 * The numbers a visit from `source` may be shown for the site's `staticNumber`: that source's numbers
 * (its pool), else the company's default number. Oldest first, so a pool is handed out in a stable order.
 */
function poolFor(numbers: TDniRow[], source: string, staticNumber: string | null): TDniRow[] {
  const own = numbers.filter(
    (n) => n.source === source && (!staticNumber || n.staticNumber === staticNumber),
  );
  return own.length ? own : numbers.filter((n) => n.isDefault).slice(0, 1);
}

/**
 * A visit the pasted script reported: its source, referrer, landing page and UTM values, and the number
 * it is to show. From a pool of several numbers for its source the visit gets one no other active visit
 * holds, so a call to it is this visit's own; when every number is held (more visitors than numbers) it
 * shares the one held longest, and calls to it are tied to the latest visit (attribution.ts). Null for an
 * unknown key (nothing stored).
 */
export async function recordDniSession(
  deps: TDepsDb,
  beacon: TDniSessionBeacon,
): Promise<TDniSessionStarted | null> {
  const companyId = await companyIdForDniKey(deps, beacon.key);
  if (!companyId) return null;
  const db = deps.database.db;
  const numbers = await db
    .select()
    .from(dniNumbers)
    .where(eq(dniNumbers.companyId, companyId))
    .orderBy(asc(dniNumbers.createdAt), asc(dniNumbers.id));
  const staticNumber = beacon.staticNumber ? toE164(beacon.staticNumber) : null;
  const pool = poolFor(numbers, beacon.source, staticNumber);
  // Scripts served before per-visit numbers name the number they show instead of the static number.
  const named = !beacon.staticNumber && beacon.number ? toE164(beacon.number) : null;
  return db.transaction(async (tx) => {
    // Two visits arriving together must not both take the same free number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dni-pool:${companyId}`}))`);
    // The same visit started again (a later page that left before the first page's answer, a retry):
    // it keeps the number it was given.
    if (beacon.visitKey) {
      const [again] = await tx
        .update(dniSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(dniSessions.companyId, companyId), eq(dniSessions.visitKey, beacon.visitKey)))
        .returning({ id: dniSessions.id, number: dniSessions.shownNumber });
      if (again) return { sessionId: again.id, number: again.number };
    }
    let shown: TDniRow | null = named ? (numbers.find((n) => n.phoneNumber === named) ?? null) : null;
    if (!named && pool.length) {
      const held = await tx
        .select({ number: dniSessions.shownNumber, last: sql<Date>`max(${dniSessions.lastSeenAt})` })
        .from(dniSessions)
        .where(
          and(
            eq(dniSessions.companyId, companyId),
            inArray(
              dniSessions.shownNumber,
              pool.map((n) => n.phoneNumber),
            ),
            gte(dniSessions.lastSeenAt, sql`now() - make_interval(mins => ${VISIT_HOLD_MINUTES})`),
          ),
        )
        .groupBy(dniSessions.shownNumber);
      const lastHeld = new Map(held.map((h) => [h.number, new Date(h.last).getTime()]));
      shown =
        pool.find((n) => !lastHeld.has(n.phoneNumber)) ??
        [...pool].sort(
          (a, b) => (lastHeld.get(a.phoneNumber) ?? 0) - (lastHeld.get(b.phoneNumber) ?? 0),
        )[0] ??
        null;
    }
    const shownNumber = shown?.phoneNumber ?? named;
    const [row] = await tx
      .insert(dniSessions)
      .values({
        companyId,
        dniNumberId: shown?.id ?? null,
        shownNumber,
        source: beacon.source,
        utmSource: beacon.utmSource ?? null,
        utmMedium: beacon.utmMedium ?? null,
        utmCampaign: beacon.utmCampaign ?? null,
        utmTerm: beacon.utmTerm ?? null,
        utmContent: beacon.utmContent ?? null,
        clickId: beacon.clickId ?? null,
        referrer: beacon.referrer ?? null,
        landingPage: beacon.landingPage ?? null,
        visitKey: beacon.visitKey ?? null,
      })
      .returning({ id: dniSessions.id });
    return { sessionId: row?.id ?? "", number: shownNumber };
  });
}

/**
 * A later page of a visit: it still holds its number. The visit is named by the script's own id or (scripts
 * served before it made one) the recorded id. False for an unknown key or visit.
 */
export async function touchDniSession(
  deps: TDepsDb,
  input: { key: string; visitKey: string } | { key: string; sessionId: string },
) {
  const companyId = await companyIdForDniKey(deps, input.key);
  if (!companyId) return false;
  const visit =
    "visitKey" in input ? eq(dniSessions.visitKey, input.visitKey) : eq(dniSessions.id, input.sessionId);
  const touched = await deps.database.db
    .update(dniSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(visit, eq(dniSessions.companyId, companyId)))
    .returning({ id: dniSessions.id });
  return touched.length > 0;
}

/** Recent Sessions: the latest 100 visits with the number each was shown. */
export async function listDniSessions(deps: TDepsDb, ctx: TCompanyContext) {
  const rows = await deps.database.db
    .select({
      session: dniSessions,
      number: { phoneNumber: dniNumbers.phoneNumber, source: dniNumbers.source, label: dniNumbers.label },
    })
    .from(dniSessions)
    .leftJoin(
      dniNumbers,
      and(eq(dniNumbers.id, dniSessions.dniNumberId), eq(dniNumbers.companyId, dniSessions.companyId)),
    )
    .where(eq(dniSessions.companyId, ctx.companyId))
    .orderBy(desc(dniSessions.createdAt), desc(dniSessions.id))
    .limit(DNI_SESSIONS_LIMIT);
  const sessions: TDniSession[] = rows.map(({ session, number }) => ({
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    source: session.source,
    utmSource: session.utmSource,
    utmCampaign: session.utmCampaign,
    referrer: session.referrer,
    landingPage: session.landingPage,
    number: number?.phoneNumber
      ? { phoneNumber: number.phoneNumber, source: number.source ?? "", label: number.label }
      : null,
  }));
  return { sessions };
}
