import { type SQL, sql } from "drizzle-orm";
import { col, queryRows, rowOf } from "../../../db/raw";
import {
  buyerLeads,
  buyerNoticeWindows,
  buyers,
  companies,
  leads,
  newLeadDigestItems,
} from "../../../db/schema";
import { html } from "../../../lib/html";
import { yieldToUrgent } from "../../../lib/yield";
import { emailBrand, emailLayout, type TEmailBrand, type TEmailInput } from "../../email";
import { isPreviewSql } from "../previews/rule";
import { newLeadNoticeEmail, type TNewLeadNoticeDeps } from "./new-lead-notice";

/** How long a buyer's notice window stays open: the leads of these minutes go into one digest. */
export const DIGEST_WINDOW_MS = 5 * 60_000;
/** The job that sends the digests of windows that have ended (jobs/register.ts, every minute). */
export const NEW_LEAD_DIGESTS_JOB = "new-lead-digests";
/** Buyers whose digests one round reads and stores. */
const BUYERS_PER_ROUND = 200;
/** Leads named in a digest; the rest are counted. */
const LEADS_NAMED = 10;

type TDigestLead = {
  serviceType: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
};

const placeOf = (l: TDigestLead) => [l.city, l.state].filter(Boolean).join(", ") || l.zipCode || "your area";

/**
 * The digest of the leads that reached a buyer while its window was open: how many and where, never
 * the customers' details (those are in the portal).
 */
export function newLeadDigestEmail(
  companyName: string,
  items: readonly (TDigestLead & { preview: boolean })[],
  url: string,
  brand?: TEmailBrand,
) {
  const title = `${items.length} new leads in your area`;
  const named = items.slice(0, LEADS_NAMED).map((l) => {
    const what = l.serviceType ? `${l.serviceType} lead` : "Lead";
    return `${what} in ${placeOf(l)}${l.preview ? " (preview: unlock it with credits while slots remain)" : " (delivered to you)"}`;
  });
  const more = items.length > LEADS_NAMED ? `and ${items.length - LEADS_NAMED} more.` : null;
  const intro = `${companyName} sent you ${items.length} new leads in the last few minutes:`;
  return {
    subject: title,
    html: emailLayout(
      title,
      html`<p>${intro}</p>
        <ul>
          ${named.map((line) => html`<li>${line}</li>`)}
        </ul>
        ${more ? html`<p>${more}</p>` : null}`,
      { label: "View your leads", url },
      brand,
    ),
    text: [intro, ...named.map((line) => `- ${line}`), ...(more ? [more] : []), url].join("\n"),
  };
}

type TItemRow = {
  buyer_id: string;
  lead_id: string;
  company_id: string;
  email: string;
  is_preview: boolean;
  actionable: boolean;
  service_type: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  company_name: string;
  logo_url: string | null;
};

const itemRow = rowOf<TItemRow>({
  buyer_id: col.text,
  lead_id: col.text,
  company_id: col.text,
  email: col.text,
  is_preview: col.boolean,
  actionable: col.boolean,
  service_type: col.orNull(col.text),
  city: col.orNull(col.text),
  state: col.orNull(col.text),
  zip_code: col.orNull(col.text),
  company_name: col.text,
  logo_url: col.orNull(col.text),
});

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

/**
 * Ends the buyers' notice windows that are over (opened DIGEST_WINDOW_MS before `now` or earlier):
 * a window with leads waiting sends one digest of those the buyer can still act on (a lead it holds,
 * or still sees as a preview) and opens the next window, so a steady stream of leads is one e-mail per
 * window; a window with none waiting closes, and the buyer's next lead is e-mailed at once. Leads left
 * without a window (a window closed while a notice run added to it) are sent as well. Each lead waits
 * once per buyer and is claimed by the statement that stores its digest: it is in one e-mail at most.
 */
export async function sendNewLeadDigests(
  deps: TNewLeadNoticeDeps,
  now: Date = new Date(),
): Promise<{ digests: number }> {
  const db = deps.database.db;
  const cutoff = new Date(now.getTime() - DIGEST_WINDOW_MS).toISOString();
  await db.execute(sql`delete from ${buyerNoticeWindows} w
     where w.opened_at <= ${cutoff}::timestamptz
       and not exists (select 1 from ${newLeadDigestItems} i where i.buyer_id = w.buyer_id)`);
  let digests = 0;
  for (;;) {
    const due = await queryRows(
      db,
      rowOf({ buyer_id: col.text }),
      sql`select w.buyer_id from ${buyerNoticeWindows} w
           where w.opened_at <= ${cutoff}::timestamptz
             and exists (select 1 from ${newLeadDigestItems} i where i.buyer_id = w.buyer_id)
          union
          select distinct i.buyer_id from ${newLeadDigestItems} i
           where not exists (select 1 from ${buyerNoticeWindows} w where w.buyer_id = i.buyer_id)
          limit ${BUYERS_PER_ROUND}`,
    );
    if (due.length === 0) return { digests };
    digests += await sendDigestsOf(
      deps,
      due.map((d) => d.buyer_id),
      now,
    );
    if (due.length < BUYERS_PER_ROUND) return { digests };
    await yieldToUrgent();
  }
}

async function sendDigestsOf(deps: TNewLeadNoticeDeps, buyerIds: readonly string[], now: Date) {
  const items = await queryRows(
    deps.database.db,
    itemRow,
    sql`select i.buyer_id, i.lead_id, i.company_id, b.email, i.is_preview,
               (b.status = 'active' and b.deleted_at is null
                and (exists (select 1 from ${buyerLeads} h
                              where h.buyer_id = b.id and h.lead_id = l.id and not h.is_preview)
                     or ${isPreviewSql})) as actionable,
               l.service_type, l.city, l.state, l.zip_code, c.name as company_name, c.logo_url
          from ${newLeadDigestItems} i
          join ${buyers} b on b.id = i.buyer_id and b.company_id = i.company_id
          join ${leads} l on l.id = i.lead_id and l.company_id = i.company_id
          join ${companies} c on c.id = i.company_id
         where i.buyer_id = any(${uuidArray(buyerIds)})
         order by i.buyer_id, l.created_at`,
  );
  const byBuyer = new Map<string, TItemRow[]>();
  for (const r of items) {
    const list = byBuyer.get(r.buyer_id);
    if (list) list.push(r);
    else byBuyer.set(r.buyer_id, [r]);
  }
  const brands = new Map<string, TEmailBrand>();
  const messages: (TEmailInput & { key: string })[] = [];
  for (const [buyerId, list] of byBuyer) {
    const open = list.filter((r) => r.actionable);
    const first = open[0];
    if (!first) continue;
    let brand = brands.get(first.company_id);
    if (!brand) {
      brand = emailBrand(deps.config.publicUrl, { name: first.company_name, logoUrl: first.logo_url });
      brands.set(first.company_id, brand);
    }
    const anyPreview = open.some((r) => r.is_preview);
    const lead = (r: TItemRow) => ({
      serviceType: r.service_type,
      city: r.city,
      state: r.state,
      zipCode: r.zip_code,
    });
    // One lead waiting is told as the lead itself; several as one digest.
    const mail =
      open.length === 1
        ? newLeadNoticeEmail(
            first.company_name,
            lead(first),
            first.is_preview ? "preview" : "full",
            `${deps.config.publicUrl}/buyer/${first.is_preview ? "available-leads" : "my-leads"}?lead=${encodeURIComponent(first.lead_id)}`,
            brand,
          )
        : newLeadDigestEmail(
            first.company_name,
            open.map((r) => ({ ...lead(r), preview: r.is_preview })),
            `${deps.config.publicUrl}/buyer/${anyPreview ? "available-leads" : "my-leads"}`,
            brand,
          );
    messages.push({
      key: buyerId,
      companyId: first.company_id,
      to: first.email,
      kind: open.length === 1 ? "new_lead" : "new_lead_digest",
      ...mail,
    });
  }
  const sent = messages.map((m) => m.key);
  const ids = await deps.email.sendManyClaimed(messages, claimDigests(items, sent, buyerIds, now));
  return ids.length;
}

/**
 * Deletes the items read (only the run that deletes an item stores the e-mail naming it), opens the
 * next window of every buyer e-mailed, and closes the others' windows.
 */
function claimDigests(
  items: readonly TItemRow[],
  sent: readonly string[],
  due: readonly string[],
  now: Date,
): { steps: SQL; keys: SQL } {
  return {
    steps: sql`
      gone as (delete from ${newLeadDigestItems} i
                using unnest(${uuidArray(items.map((r) => r.buyer_id))}, ${uuidArray(items.map((r) => r.lead_id))})
                      as x(buyer_id, lead_id)
               where i.buyer_id = x.buyer_id and i.lead_id = x.lead_id
               returning i.buyer_id, i.company_id),
      reopened as (insert into ${buyerNoticeWindows} (buyer_id, company_id, opened_at)
                   select distinct buyer_id, company_id, ${now.toISOString()}::timestamptz from gone
                    where buyer_id = any(${uuidArray(sent)})
                   on conflict (buyer_id) do update set opened_at = excluded.opened_at),
      closed as (delete from ${buyerNoticeWindows}
                  where buyer_id = any(${uuidArray(due)}) and not buyer_id = any(${uuidArray(sent)}))`,
    keys: sql`select distinct buyer_id::text as "key" from gone`,
  };
}
