import {
  DNI_SESSIONS_LIMIT,
  type TDniSession,
  type TDniSessionBeacon,
  usPhoneDigits,
} from "@leadpost/shared";
import { and, desc, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { dniNumbers, dniSessions } from "../../db/schema";
import type { TCompanyContext } from "../../plugins/tenant";
import { companyIdForDniKey } from "./script-config";

/**
 * A visit the pasted script reported: its source, referrer, landing page, UTM values and the number the
 * page showed. False for an unknown key (nothing stored).
 */
export async function recordDniSession(deps: Pick<TDeps, "database">, beacon: TDniSessionBeacon) {
  const companyId = await companyIdForDniKey(deps, beacon.key);
  if (!companyId) return false;
  const shown = beacon.number ? usPhoneDigits(beacon.number) : null;
  const db = deps.database.db;
  let dniNumberId: string | null = null;
  if (shown) {
    const numbers = await db
      .select({ id: dniNumbers.id, phoneNumber: dniNumbers.phoneNumber, source: dniNumbers.source })
      .from(dniNumbers)
      .where(eq(dniNumbers.companyId, companyId))
      .orderBy(desc(dniNumbers.createdAt));
    const match =
      numbers.find((n) => usPhoneDigits(n.phoneNumber) === shown && n.source === beacon.source) ??
      numbers.find((n) => usPhoneDigits(n.phoneNumber) === shown);
    dniNumberId = match?.id ?? null;
  }
  await db.insert(dniSessions).values({
    companyId,
    dniNumberId,
    shownNumber: shown,
    source: beacon.source,
    utmSource: beacon.utmSource ?? null,
    utmMedium: beacon.utmMedium ?? null,
    utmCampaign: beacon.utmCampaign ?? null,
    utmTerm: beacon.utmTerm ?? null,
    utmContent: beacon.utmContent ?? null,
    clickId: beacon.clickId ?? null,
    referrer: beacon.referrer ?? null,
    landingPage: beacon.landingPage ?? null,
  });
  return true;
}

/** Recent Sessions: the latest 100 visits with the number each was shown. */
export async function listDniSessions(deps: Pick<TDeps, "database">, ctx: TCompanyContext) {
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
