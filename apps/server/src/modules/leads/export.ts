import { formatExportDateTime, type TContactPrivacy, type TLeadFilters } from "@leadpost/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/raw";
import { col, rowOf } from "../../db/rows";
import { formSubmissions, forms, leads, niches } from "../../db/schema";
import { runAsCompany } from "../../db/tenant-scope";
import { csvLines } from "../../lib/csv";
import { answersOf } from "../../lib/lead-answers";
import type { TCompanyContext } from "../../plugins/tenant";
import { contactPrivacyFor, readCompanyPreferences } from "../settings";
import { leadConditions } from "./filters";
import { afterLeadCursor, leadCursorOf, leadPosition } from "./keyset";
import { visibleContact } from "./privacy";

/** Rows read and written per statement: the export holds one batch at a time, however many leads match. */
export const EXPORT_BATCH_ROWS = 2_000;

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

type TExportRow = Awaited<ReturnType<ReturnType<typeof selectExportRows>["execute"]>>[number];

function selectExportRows(db: Db) {
  return db
    .select({
      lead: leads,
      position: leadPosition,
      formTitle: forms.title,
      nicheName: niches.name,
      // The source columns the CSV writes, not the whole submission (its data and stored response are
      // JSON the export would parse for every lead and never write).
      submission: {
        id: formSubmissions.id,
        ipAddress: formSubmissions.ipAddress,
        referrer: formSubmissions.referrer,
        landingPage: formSubmissions.landingPage,
        utm: formSubmissions.utm,
        clickIds: formSubmissions.clickIds,
        consent: formSubmissions.consent,
      },
    })
    .from(leads)
    .leftJoin(forms, and(eq(forms.id, leads.formId), eq(forms.companyId, leads.companyId)))
    .leftJoin(niches, and(eq(niches.id, leads.nicheId), eq(niches.companyId, leads.companyId)))
    .leftJoin(
      formSubmissions,
      and(eq(formSubmissions.id, leads.submissionId), eq(formSubmissions.companyId, leads.companyId)),
    );
}

/**
 * The matching leads newest first, one batch per statement, each read from the index after the
 * previous batch's last lead (keyset, so the thousandth batch costs what the first does). Each batch
 * runs as the company (row-level security), also once the request's own transaction has ended.
 */
async function* exportBatches(
  db: Db,
  ctx: TCompanyContext,
  filters: TLeadFilters,
  privacy: TContactPrivacy,
  batchRows: number,
): AsyncGenerator<TExportRow[]> {
  let cursor: string | null = null;
  for (;;) {
    const after: string | null = cursor;
    const rows = await runAsCompany(db, ctx.companyId, () =>
      selectExportRows(db)
        .where(
          and(
            ...leadConditions(ctx.companyId, filters, { privacy }),
            after ? afterLeadCursor(after) : undefined,
          ),
        )
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(batchRows),
    );
    if (rows.length > 0) yield rows;
    if (rows.length < batchRows) return;
    const last = rows.at(-1)!;
    cursor = leadCursorOf(last.position, last.lead.id);
  }
}

/**
 * The answer labels of the export's columns, in first-seen order (newest lead first). Without hidden
 * details a label is in the header when any lead has it: one statement groups the leads by their list
 * of labels and takes each list once, at its newest lead, which gives the same order as reading every
 * lead. With hidden details an answer may be left out lead by lead (its value is the lead's name), so
 * the leads are read once in batches, holding only the labels.
 */
async function exportLabels(
  db: Db,
  ctx: TCompanyContext,
  filters: TLeadFilters,
  privacy: TContactPrivacy,
  batchRows: number,
): Promise<string[]> {
  const seen = new Set<string>();
  if (privacy.hideName || privacy.hidePhone || privacy.hideAddress) {
    for await (const rows of exportBatches(db, ctx, filters, privacy, batchRows))
      for (const { lead } of rows) for (const a of answersOf(lead, privacy)) seen.add(a.label);
  } else {
    const labels = sql`case when jsonb_array_length(${leads.answers}) > 0
      then jsonb_path_query_array(${leads.answers}, '$[*].label')
      else coalesce((select jsonb_agg(k) from jsonb_object_keys(${leads.data}) k), '[]'::jsonb) end`;
    const lists = await queryRows(
      db,
      rowOf({ labels: col.json }),
      sql`select ${labels} as labels from ${leads}
           where ${and(...leadConditions(ctx.companyId, filters, { privacy }))}
           group by 1 order by max(${leads.createdAt}) desc, max(${leads.id}::text) desc`,
    );
    for (const { labels: list } of lists)
      if (Array.isArray(list)) for (const label of list) if (typeof label === "string") seen.add(label);
  }
  const fixed = new Set(BASE_COLUMNS.map((c) => c.toLowerCase()));
  return [...seen].filter((label) => !fixed.has(label.trim().toLowerCase()));
}

/**
 * Every lead column, the source data, then one column per answer label (in first-seen order). An answer
 * whose label is already a column (Name, Email, Phone…: extracted from those answers) is not repeated.
 * Times are written in the company's zone and its country's format; details the company's preferences
 * hide from this user are left empty (their answers left out). The CSV comes out one batch of leads at
 * a time (the header first), each cell neutralised and escaped by lib/csv: memory stays flat however
 * many leads the company has, and the next batch is read only once the reader has taken the last.
 */
export async function* exportLeadsCsv(
  deps: Pick<TDeps, "database">,
  ctx: TCompanyContext,
  filters: TLeadFilters,
  batchRows = EXPORT_BATCH_ROWS,
): AsyncGenerator<string> {
  const db = deps.database.db;
  const prefs = await readCompanyPreferences(db, ctx.companyId);
  const privacy = contactPrivacyFor(prefs, ctx.role);
  const when = (at: Date | string | null | undefined) => formatExportDateTime(at, prefs);
  const labels = await exportLabels(db, ctx, filters, privacy, batchRows);
  yield `\uFEFF${csvLines([[...BASE_COLUMNS, ...labels]])}`;
  for await (const rows of exportBatches(db, ctx, filters, privacy, batchRows)) {
    const body = rows.map(({ lead, formTitle, nicheName, submission: s }) => {
      const answers = new Map(answersOf(lead, privacy).map((a) => [a.label, a.value]));
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
    yield csvLines(body);
  }
}
