import type { TLeadFilters } from "@leadpost/shared";
import { and, desc, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import { formSubmissions, forms, leads, niches } from "../../db/schema";
import type { TCompanyContext } from "../../plugins/tenant";
import { toCsv } from "./csv";
import { leadConditions } from "./filters";
import { answersOf } from "./service";

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

/** Every lead column, the source data, then one column per answer label (in first-seen order). */
export async function exportLeadsCsv(
  deps: Pick<TDeps, "database">,
  ctx: TCompanyContext,
  filters: TLeadFilters,
) {
  const rows = await deps.database.db
    .select({ lead: leads, formTitle: forms.title, nicheName: niches.name, submission: formSubmissions })
    .from(leads)
    .leftJoin(forms, and(eq(forms.id, leads.formId), eq(forms.companyId, leads.companyId)))
    .leftJoin(niches, and(eq(niches.id, leads.nicheId), eq(niches.companyId, leads.companyId)))
    .leftJoin(
      formSubmissions,
      and(eq(formSubmissions.id, leads.submissionId), eq(formSubmissions.companyId, leads.companyId)),
    )
    .where(and(...leadConditions(ctx.companyId, filters)))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(EXPORT_MAX_ROWS);

  const answerLists = rows.map(({ lead }) => answersOf(lead));
  const labels = [...new Set(answerLists.flatMap((list) => list.map((a) => a.label)))];
  const body = rows.map(({ lead, formTitle, nicheName, submission: s }, i) => {
    const answers = new Map(answerLists[i]!.map((a) => [a.label, a.value]));
    return [
      lead.id,
      lead.createdAt,
      lead.status,
      lead.source,
      lead.name,
      lead.email,
      lead.phone,
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
      lead.routedAt,
      s?.id,
      s?.ipAddress,
      s?.referrer,
      s?.landingPage,
      ...UTM.map((key) => s?.utm?.[key]),
      s?.clickIds?.gclid,
      s?.clickIds?.fbclid,
      s?.consent?.text,
      s?.consent?.at,
      ...labels.map((label) => answers.get(label)),
    ];
  });
  return toCsv([...BASE_COLUMNS, ...labels], body);
}
