import { formatExportDateTime, type TLeadFilters } from "@leadpost/shared";
import { and, desc, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { formSubmissions, forms, leads, niches } from "../../db/schema";
import { toCsv } from "../../lib/csv";
import { answersOf } from "../../lib/lead-answers";
import type { TCompanyContext } from "../../plugins/tenant";
import { contactPrivacyFor, readCompanyPreferences } from "../settings";
import { leadConditions } from "./filters";
import { visibleContact } from "./privacy";

/** One export is built in memory; beyond this the filters must narrow it (a date range, a form). */
export const EXPORT_MAX_ROWS = 50_000;

const UTM = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
const BASE_COLUMNS = [
  "Lead ID",
  "Created at",
  "Status",
  "Source",
  "Name",
  "Email",
  "Phone",
  "City",
  "State",
  "Zip code",
  "Latitude",
  "Longitude",
  "Service type",
  "Niche",
  "Form",
  "Sale cap",
  "Sale count",
  "Duplicate",
  "Duplicate of",
  "Routed at",
  "Submission ID",
  "IP address",
  "Referrer",
  "Landing page",
  ...UTM,
  "gclid",
  "fbclid",
  "Consent text",
  "Consent at",
];

/** The last line of an export that hit the limit: the file says it was cut and how to get the rest. */
export function exportCutNotice(maxRows: number) {
  return `Export cut at ${maxRows.toLocaleString("en-US")} leads (newest first): narrow the filters (a date range, a form) to export the rest.`;
}

/**
 * Every lead column, the source data, then one column per answer label (in first-seen order). An answer
 * whose label is already a column (Name, Email, Phone…: extracted from those answers) is not repeated.
 * Times are written in the company's zone and its country's format; details the company's preferences
 * hide from this user are left empty (their answers left out).
 */
export async function exportLeadsCsv(
  deps: Pick<TDeps, "database">,
  ctx: TCompanyContext,
  filters: TLeadFilters,
  maxRows = EXPORT_MAX_ROWS,
): Promise<{ csv: string; cut: boolean }> {
  const prefs = await readCompanyPreferences(deps.database.db, ctx.companyId);
  const privacy = contactPrivacyFor(prefs, ctx.role);
  const when = (at: Date | string | null | undefined) => formatExportDateTime(at, prefs);
  const rows = await deps.database.db
    .select({ lead: leads, formTitle: forms.title, nicheName: niches.name, submission: formSubmissions })
    .from(leads)
    .leftJoin(forms, and(eq(forms.id, leads.formId), eq(forms.companyId, leads.companyId)))
    .leftJoin(niches, and(eq(niches.id, leads.nicheId), eq(niches.companyId, leads.companyId)))
    .leftJoin(
      formSubmissions,
      and(eq(formSubmissions.id, leads.submissionId), eq(formSubmissions.companyId, leads.companyId)),
    )
    .where(and(...leadConditions(ctx.companyId, filters, { privacy })))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(maxRows + 1);
  const cut = rows.length > maxRows;
  if (cut) rows.length = maxRows;

  const fixed = new Set(BASE_COLUMNS.map((c) => c.toLowerCase()));
  const answerLists = rows.map(({ lead }) => answersOf(lead, privacy));
  const labels = [...new Set(answerLists.flatMap((list) => list.map((a) => a.label)))].filter(
    (label) => !fixed.has(label.trim().toLowerCase()),
  );
  const body = rows.map(({ lead, formTitle, nicheName, submission: s }, i) => {
    const answers = new Map(answerLists[i]!.map((a) => [a.label, a.value]));
    const contact = visibleContact(lead, privacy);
    return [
      lead.id,
      when(lead.createdAt),
      lead.status,
      lead.source,
      contact.name,
      lead.email,
      contact.phone,
      lead.city,
      lead.state,
      lead.zipCode,
      lead.latitude,
      lead.longitude,
      lead.serviceType,
      nicheName,
      formTitle,
      lead.saleCap,
      lead.saleCount,
      lead.isDuplicate ? "yes" : "no",
      lead.duplicateOfLeadId,
      when(lead.routedAt),
      s?.id,
      s?.ipAddress,
      s?.referrer,
      s?.landingPage,
      ...UTM.map((key) => s?.utm?.[key]),
      s?.clickIds?.gclid,
      s?.clickIds?.fbclid,
      s?.consent?.text,
      when(s?.consent?.at),
      ...labels.map((label) => answers.get(label)),
    ];
  });
  if (cut) body.push([exportCutNotice(maxRows)]);
  return { csv: toCsv([...BASE_COLUMNS, ...labels], body), cut };
}
