import {
  answerEntries,
  answersByLabel,
  extractLeadFields,
  labelledAnswers,
  type TCleanAnswer,
  type TFormField,
} from "@leadpost/shared";
import { and, asc, eq, gte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema";
import { lookupZip } from "../../integrations/geocoding/zip-centroids";

export type TLeadFromSubmission = {
  leadId: string;
  companyId: string;
  formId: string;
  submissionId: string;
  nicheId: string | null;
  saleCap: number;
  duplicateWindowDays: number;
  fields: readonly TFormField[];
  answers: Record<string, TCleanAnswer>;
  /** A sandbox API key's lead: stored, never routed. */
  isTest?: boolean;
  source?: "form" | "api";
};

/**
 * Creates the lead of a stored submission, inside the caller's transaction: the 001 §7 heuristics
 * over the answers (by label and by field id), the offline zip centroid (filling city and state when
 * the visitor gave none), the form's niche and sale cap, and the duplicate flag.
 */
export async function insertLeadFromSubmission(tx: Db, input: TLeadFromSubmission) {
  const ordered = labelledAnswers(input.fields, input.answers);
  const found = extractLeadFields(answerEntries(input.fields, input.answers));
  const place = lookupZip(found.zipCode);
  const duplicateOf = await findDuplicate(tx, input.companyId, found, input.duplicateWindowDays);

  await tx.insert(leads).values({
    id: input.leadId,
    companyId: input.companyId,
    formId: input.formId,
    submissionId: input.submissionId,
    source: input.source ?? "form",
    isTest: input.isTest ?? false,
    name: found.name,
    email: found.email,
    phone: found.phone,
    city: found.city ?? place?.city ?? null,
    state: found.state ?? place?.state ?? null,
    zipCode: found.zipCode,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    serviceType: found.serviceType,
    nicheId: input.nicheId,
    data: answersByLabel(ordered),
    answers: ordered,
    saleCap: input.saleCap,
    status: "new",
    // Routing must not sell a duplicate again (PRODUCT §3 Distribution); the flag is how it knows.
    isDuplicate: duplicateOf !== null,
    duplicateOfLeadId: duplicateOf,
  });
}

/**
 * The earliest lead of the company with the same e-mail or phone inside the window. Two submissions
 * of the same person arriving together are serialised on a per-contact advisory lock, so the second
 * one sees the first and is flagged.
 */
async function findDuplicate(
  tx: Db,
  companyId: string,
  contact: { email: string | null; phone: string | null },
  windowDays: number,
): Promise<string | null> {
  const keys = [contact.email && `email:${contact.email}`, contact.phone && `phone:${contact.phone}`]
    .filter((k): k is string => Boolean(k))
    .sort(); // one lock order for everybody: no deadlock between two locks
  if (keys.length === 0) return null;
  // One round trip for both locks; a select list is evaluated left to right, so the order holds.
  const locks = keys.map(
    (key) => sql`pg_advisory_xact_lock(hashtextextended(${`lead-contact:${companyId}:${key}`}, 0))`,
  );
  await tx.execute(sql`select ${sql.join(locks, sql`, `)}`);
  const [match] = await tx
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        eq(leads.companyId, companyId),
        gte(leads.createdAt, sql`now() - make_interval(days => ${windowDays})`),
        or(
          contact.email ? eq(leads.email, contact.email) : undefined,
          contact.phone ? eq(leads.phone, contact.phone) : undefined,
        ),
      ),
    )
    .orderBy(asc(leads.createdAt))
    .limit(1);
  return match?.id ?? null;
}
