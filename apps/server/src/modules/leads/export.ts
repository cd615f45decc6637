import { exportDateTimeWriter, type TContactPrivacy, type TLeadFilters } from "@leadpost/shared";
import { and, type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { queryRows, type TRowSchema } from "../../db/raw";
import { col, rowOf } from "../../db/rows";
import { formSubmissions, forms, leads, niches } from "../../db/schema";
import { runAsCompany } from "../../db/tenant-scope";
import { csvCell, csvLines, textCell } from "../../lib/csv";
import { answerColumns, jsonField } from "../../lib/lead-answers";
import type { TCompanyContext } from "../../plugins/tenant";
import { contactPrivacyFor, readCompanyPreferences } from "../settings";
import { leadConditions } from "./filters";
import { afterLeadAt } from "./keyset";
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

/**
 * The columns of a batch, as the drivers answer them: the times as PostgreSQL writes them (the text a
 * Date is made from, and the keyset's next cursor: exact to the microsecond), the submission's JSON
 * parsed by the driver and read by key as the CSV needs it, and the lead's `data` only where it has no
 * ordered answers (the only time it is read).
 */
const exportRow = rowOf({
  id: col.text,
  created_at: col.text,
  status: col.text,
  source: col.text,
  name: col.orNull(col.text),
  email: col.orNull(col.text),
  phone: col.orNull(col.text),
  city: col.orNull(col.text),
  state: col.orNull(col.text),
  zip_code: col.orNull(col.text),
  latitude: col.orNull(col.number),
  longitude: col.orNull(col.number),
  service_type: col.text,
  niche_name: col.orNull(col.text),
  form_title: col.orNull(col.text),
  sale_cap: col.number,
  sale_count: col.number,
  is_duplicate: col.boolean,
  duplicate_of_lead_id: col.orNull(col.text),
  routed_at: col.orNull(col.text),
  submission_id: col.orNull(col.text),
  ip_address: col.orNull(col.text),
  referrer: col.orNull(col.text),
  landing_page: col.orNull(col.text),
  utm: col.json,
  click_ids: col.json,
  consent: col.json,
  answers: col.json,
  data: col.json,
});

type TExportRow = typeof exportRow extends TRowSchema<infer T> ? T : never;

/**
 * The matching leads newest first, `limit` of them after the cursor's lead (keyset: read from the index
 * after the previous batch's last lead, so the thousandth batch costs what the first does).
 */
function exportBatch(
  ctx: TCompanyContext,
  filters: TLeadFilters,
  privacy: TContactPrivacy,
  after: { createdAt: string; id: string } | null,
  limit: number,
): SQL {
  const s = formSubmissions;
  return sql`select ${leads.id} as id, ${leads.createdAt}::text as created_at,
      ${leads.status} as status, ${leads.source} as source, ${leads.name} as name, ${leads.email} as email,
      ${leads.phone} as phone, ${leads.city} as city, ${leads.state} as state, ${leads.zipCode} as zip_code,
      ${leads.latitude} as latitude, ${leads.longitude} as longitude, ${leads.serviceType} as service_type,
      ${niches.name} as niche_name, ${forms.title} as form_title, ${leads.saleCap} as sale_cap,
      ${leads.saleCount} as sale_count, ${leads.isDuplicate} as is_duplicate,
      ${leads.duplicateOfLeadId} as duplicate_of_lead_id, ${leads.routedAt}::text as routed_at,
      ${s.id} as submission_id, ${s.ipAddress} as ip_address, ${s.referrer} as referrer,
      ${s.landingPage} as landing_page, ${s.utm} as utm, ${s.clickIds} as click_ids, ${s.consent} as consent,
      ${leads.answers} as answers,
      case when jsonb_typeof(${leads.answers}) = 'array' and ${leads.answers} <> '[]'::jsonb then null
           else ${leads.data} end as data
    from ${leads}
    left join ${forms} on ${forms.id} = ${leads.formId} and ${forms.companyId} = ${leads.companyId}
    left join ${niches} on ${niches.id} = ${leads.nicheId} and ${niches.companyId} = ${leads.companyId}
    left join ${s} on ${s.id} = ${leads.submissionId} and ${s.companyId} = ${leads.companyId}
    where ${and(...leadConditions(ctx.companyId, filters, { privacy }), after ? afterLeadAt(after.createdAt, after.id) : undefined)}
    order by ${leads.createdAt} desc, ${leads.id} desc
    limit ${limit}`;
}

/**
 * The matching leads in batches (exportBatch). Each batch runs as the company (row-level security),
 * also once the request's own transaction has ended.
 */
async function* exportBatches(
  db: Db,
  ctx: TCompanyContext,
  filters: TLeadFilters,
  privacy: TContactPrivacy,
  batchRows: number,
): AsyncGenerator<TExportRow[]> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const query = exportBatch(ctx, filters, privacy, after, batchRows);
    const rows = await runAsCompany(db, ctx.companyId, () => queryRows(db, exportRow, query));
    if (rows.length > 0) yield rows;
    if (rows.length < batchRows) return;
    const last = rows.at(-1)!;
    after = { createdAt: last.created_at, id: last.id };
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
    const none = new Map<string, number>();
    for await (const rows of exportBatches(db, ctx, filters, privacy, batchRows))
      for (const row of rows) answerColumns(row, privacy, none, [], seen);
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
 * a time (the header first), each line written in one go: text cells (times included) neutralised
 * and escaped by lib/csv, ids and numbers as they are (neither can start a formula or hold a
 * separator). Memory stays flat however many leads the company has, and the next batch is read only
 * once the reader has taken the last.
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
  const labels = await exportLabels(db, ctx, filters, privacy, batchRows);
  yield `\uFEFF${csvLines([[...BASE_COLUMNS, ...labels]])}`;
  const line: TLineWriter = {
    privacy,
    time: exportDateTimeWriter(prefs),
    labelAt: new Map(labels.map((label, i) => [label, i])),
    answers: new Array(labels.length),
  };
  for await (const rows of exportBatches(db, ctx, filters, privacy, batchRows)) {
    let body = "";
    for (const row of rows) body += `${csvLine(row, line)}\r\n`;
    yield body;
  }
}

/** What writing a line takes, made once per export. */
type TLineWriter = {
  privacy: TContactPrivacy;
  time: (ms: number) => string;
  /** The place of each answer label among the answer columns, and the one row of them reused. */
  labelAt: ReadonlyMap<string, number>;
  answers: unknown[];
};

/** A lead's line (without its line end): BASE_COLUMNS' cells, then its answers', in one string. */
function csvLine(r: TExportRow, w: TLineWriter): string {
  const contact = visibleContact(r, w.privacy);
  let line = `${r.id},${textCell(w.time(Date.parse(r.created_at)))},${textCell(r.status)},${textCell(r.source)},`;
  line += `${orEmpty(contact.name)},${orEmpty(r.email)},${orEmpty(contact.phone)},`;
  line += `${orEmpty(r.city)},${orEmpty(r.state)},${orEmpty(r.zip_code)},${r.latitude ?? ""},${r.longitude ?? ""},`;
  line += `${textCell(r.service_type)},${orEmpty(r.niche_name)},${orEmpty(r.form_title)},`;
  line += `${r.sale_cap},${r.sale_count},${r.is_duplicate ? "yes" : "no"},${r.duplicate_of_lead_id ?? ""},`;
  line += `${r.routed_at === null ? "" : textCell(w.time(Date.parse(r.routed_at)))},${r.submission_id ?? ""},`;
  line += `${orEmpty(r.ip_address)},${orEmpty(r.referrer)},${orEmpty(r.landing_page)}`;
  for (const key of UTM) line += `,${csvCell(jsonField(r.utm, key))}`;
  line += `,${csvCell(jsonField(r.click_ids, "gclid"))},${csvCell(jsonField(r.click_ids, "fbclid"))}`;
  const consentAt = jsonField(r.consent, "at");
  line += `,${csvCell(jsonField(r.consent, "text"))},`;
  if (consentAt !== null && consentAt !== undefined) line += textCell(w.time(momentOf(consentAt)));
  answerColumns(r, w.privacy, w.labelAt, w.answers);
  for (const value of w.answers) line += `,${csvCell(value)}`;
  return line;
}

const orEmpty = (text: string | null) => (text === null ? "" : textCell(text));

/** The moment `new Date(value)` makes of a JSON value (the consent's time is stored as text). */
const momentOf = (value: unknown) =>
  typeof value === "number" || typeof value === "boolean" ? Number(value) : Date.parse(String(value));
