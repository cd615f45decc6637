import { DEFAULT_DISPLAY_PREFERENCES, formatDateTime } from "@leadpost/shared";
import { type SQL, sql } from "drizzle-orm";
import type { TDeps } from "../../../app-types";
import { afterCommit } from "../../../db/after-commit";
import type { DbOrTx } from "../../../db/client";
import { anyRow, col, executeText, queryRows, rowOf } from "../../../db/raw";
import {
  buyerLeads,
  buyerNoticeWindows,
  buyers,
  companies,
  companyPreferences,
  leads,
  newLeadDigestItems,
  newLeadNotices,
} from "../../../db/schema";
import { html } from "../../../lib/html";
import { yieldToUrgent } from "../../../lib/yield";
import { emailBrand, emailLayout, type TEmailBrand, type TEmailInput } from "../../email";
import { previewBuyersOfLead } from "../previews/rule";

/** Notices rendered between two yields to the event loop. */
const RENDER_SLICE = 100;
/** Leads whose recipients one statement reads. */
const LEADS_PER_READ = 10;
/** E-mails stored by one statement, about (a lead's are never split). */
const MESSAGES_PER_STATEMENT = 1_000;

export type TNewLeadNoticeDeps = Pick<TDeps, "database" | "email" | "logger" | "jobs"> & {
  config: Pick<TDeps["config"], "publicUrl">;
};

/**
 * The e-mail a matched buyer gets: where, what and when (written in the company's zone and format),
 * never the customer's name, phone or address, whatever the access: those are in the portal.
 */
export function newLeadNoticeEmail(
  companyName: string,
  lead: {
    serviceType: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
    receivedAt?: string | null;
  },
  access: "preview" | "full",
  url: string,
  brand?: TEmailBrand,
) {
  const place = [lead.city, lead.state].filter(Boolean).join(", ") || lead.zipCode || "your area";
  const what = lead.serviceType ? `${lead.serviceType} lead` : "lead";
  const offer =
    access === "full"
      ? `A new ${what} in ${place} was delivered to you: its contact details are in My Leads.`
      : `A new ${what} in ${place} is available to you. Unlock it with credits while slots remain.`;
  const line = lead.receivedAt ? `${offer} Received ${lead.receivedAt}.` : offer;
  return {
    subject: `New lead from ${companyName}: ${what} in ${place}`,
    // The layout escapes the title itself.
    html: emailLayout(
      `New lead in ${place}`,
      html`<p>${line}</p>`,
      { label: access === "full" ? "Open the lead" : "View the lead", url },
      brand,
    ),
    text: `${line} ${url}`,
  };
}

/** The job that renders and stores a routed lead's notices (jobs/register.ts); data `{ leadId }`. */
export const NEW_LEAD_NOTICES_JOB = "new-lead-notices";
/** A notice row this old whose job never ran to the end is sent by the sweep. */
export const NOTICE_SWEEP_AFTER_SECONDS = 60;

/**
 * Inside the routing transaction that writes the lead's `new_lead_notices` row: queues the job that
 * sends them in that same transaction (one statement), so the job exists exactly if the routing
 * commits. False when the job queue is not attached or not running yet: queueNewLeadNotices after the
 * commit then does it.
 */
export function queueNewLeadNoticesInTransaction(
  deps: Pick<TDeps, "jobs">,
  tx: DbOrTx,
  leadId: string,
): Promise<boolean> {
  return deps.jobs.sendInTransaction(NEW_LEAD_NOTICES_JOB, { leadId }, (text, values) =>
    executeText(tx, anyRow, text, values),
  );
}

/**
 * After the routings that wrote these leads' `new_lead_notices` rows have committed: queues the job that
 * sends them (one job for the leads given: the routing worker's batch, or one lead), or, with no job
 * queue attached (tests, scripts), sends them in line (while the queue runs, a lone routing queues the
 * job in its own transaction instead). Never throws: the rows are already stored, so if the job cannot be
 * queued the sweep sends them later.
 */
export async function queueNewLeadNotices(
  deps: TNewLeadNoticeDeps,
  leadIds: readonly string[],
): Promise<void> {
  if (leadIds.length === 0) return;
  await afterCommit(async () => {
    try {
      if (await deps.jobs.send(NEW_LEAD_NOTICES_JOB, { leadIds })) return;
      await sendNewLeadNotices(deps, { leadIds });
    } catch (err) {
      deps.logger.warn({ err, leadIds }, "new-lead notices not queued; the sweep will send them");
    }
  });
}

type TRecipientRow = {
  lead_id: string;
  company_id: string;
  buyer_id: string | null;
  email: string;
  is_preview: boolean;
  service_type: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  company_name: string;
  logo_url: string | null;
  created_at: Date | string;
  country: string | null;
  currency: string | null;
  timezone: string | null;
  has_window: boolean;
};

const recipientRow = rowOf<TRecipientRow>({
  lead_id: col.text,
  company_id: col.text,
  buyer_id: col.orNull(col.text),
  email: col.text,
  is_preview: col.boolean,
  service_type: col.orNull(col.text),
  city: col.orNull(col.text),
  state: col.orNull(col.text),
  zip_code: col.orNull(col.text),
  company_name: col.text,
  logo_url: col.orNull(col.text),
  created_at: col.time,
  country: col.orNull(col.text),
  currency: col.orNull(col.text),
  timezone: col.orNull(col.text),
  has_window: col.boolean,
});

/**
 * PRODUCT §3 E-mail: the new-lead notice to each matched buyer, through the same mail path as every
 * transactional message (company Resend key, platform SMTP or the mailbox; logged and retried there),
 * with a link to the lead in the buyer portal. Sends what the routing left in `new_lead_notices` for
 * these leads (the job), or for rows older than a while (the sweep): only active buyers of the lead's
 * company that hold an entry for the lead or see it as a
 * preview (derived on read, lead-distribution/previews) are written to, at most once per lead: a buyer
 * whose notice window is closed gets the e-mail of its first lead here, which opens the window; the
 * other leads wait for the window's digest (notices/digest.ts). One statement reads the recipients of up
 * to LEADS_PER_READ leads; each storing statement deletes some leads' rows and stores their e-mails and
 * waiting leads (only for the rows it deleted), so a job run twice, at once or after a failure, on any
 * instance, stores each notice once. Answers the leads done and the e-mails stored.
 */
export async function sendNewLeadNotices(
  deps: TNewLeadNoticeDeps,
  which: { leadIds: readonly string[] } | { olderThanSeconds: number; limit: number },
): Promise<{ leads: number; emails: number }> {
  // A routing worker's batch: a few leads at a time, so a batch of metro leads (1,250 buyers each)
  // never reads or stores tens of thousands of e-mails in one go.
  if ("leadIds" in which && which.leadIds.length > LEADS_PER_READ) {
    const done = { leads: 0, emails: 0 };
    for (let i = 0; i < which.leadIds.length; i += LEADS_PER_READ) {
      if (i > 0) await yieldToUrgent();
      const part = await sendNewLeadNotices(deps, { leadIds: which.leadIds.slice(i, i + LEADS_PER_READ) });
      done.leads += part.leads;
      done.emails += part.emails;
    }
    return done;
  }
  const db = deps.database.db;
  const due: SQL =
    "leadIds" in which
      ? sql`select * from ${newLeadNotices} where lead_id = any(${`{${which.leadIds.join(",")}}`}::uuid[])`
      : sql`select * from ${newLeadNotices}
             where created_at < now() - make_interval(secs => ${which.olderThanSeconds})
             order by created_at limit ${which.limit}`;
  const rows = await queryRows(
    db,
    recipientRow,
    sql`
    with n as (${due})
    select n.lead_id, n.company_id, r.*
      from n left join lateral (
        select x.buyer_id, x.email, x.is_preview, l.service_type, l.city, l.state, l.zip_code,
               c.name as company_name, c.logo_url, l.created_at, cp.country, cp.currency, cp.timezone,
               exists (select 1 from ${buyerNoticeWindows} w where w.buyer_id = x.buyer_id) as has_window
          from ${leads} l
          join ${companies} c on c.id = l.company_id
          left join ${companyPreferences} cp on cp.company_id = l.company_id
          -- Each branch reads its buyers' rows itself: joining the union to buyers afterwards let the
          -- planner, misled by a company's fresh buyers (no statistics yet), run the whole union once per
          -- buyer (1,250 buyers: 91 s for four leads).
          join lateral (
            select bb.id as buyer_id, bb.email, bl.is_preview from ${buyerLeads} bl
              join ${buyers} bb on bb.id = bl.buyer_id and bb.company_id = n.company_id
             where bl.company_id = n.company_id and bl.lead_id = n.lead_id and bl.buyer_id = any(n.buyer_ids)
               and bb.status = 'active' and bb.deleted_at is null
            union all
            select b.id, b.email, true from ${buyers} b
             where b.company_id = l.company_id and ${previewBuyersOfLead}
               and b.status = 'active' and b.deleted_at is null
          ) x on true
         where l.id = n.lead_id and l.company_id = n.company_id
      ) r on true`,
  );
  const leadIds = [...new Set(rows.map((r) => r.lead_id))];
  if (leadIds.length === 0) return { leads: 0, emails: 0 };
  // Per buyer, one e-mail opens its notice window: the earliest of these leads, when no window is open.
  // Every other lead that reached it waits for the window's digest (notices/digest.ts).
  const firstOf = new Map<string, TRecipientRow>();
  for (const r of rows) {
    if (!r.buyer_id || r.has_window) continue;
    const seen = firstOf.get(r.buyer_id);
    if (!seen || new Date(r.created_at).getTime() < new Date(seen.created_at).getTime())
      firstOf.set(r.buyer_id, r);
  }
  const brands = new Map<string, ReturnType<typeof emailBrand>>();
  const messages = new Map<string, TEmailInput & { key: string }>();
  let rendered = 0;
  for (const r of firstOf.values()) {
    // A lead can reach a thousand buyers: rendering yields now and then, so requests are not kept waiting.
    // Routing goes first (lib/yield.ts runUrgent): notices wait at these yields while it runs.
    if (rendered > 0 && rendered % RENDER_SLICE === 0) await yieldToUrgent();
    rendered += 1;
    let brand = brands.get(r.company_id);
    if (!brand) {
      brand = emailBrand(deps.config.publicUrl, { name: r.company_name, logoUrl: r.logo_url });
      brands.set(r.company_id, brand);
    }
    const access = r.is_preview ? "preview" : "full";
    const page = r.is_preview ? "available-leads" : "my-leads";
    const url = `${deps.config.publicUrl}/buyer/${page}?lead=${encodeURIComponent(r.lead_id)}`;
    const prefs = {
      country: r.country ?? DEFAULT_DISPLAY_PREFERENCES.country,
      currency: r.currency ?? DEFAULT_DISPLAY_PREFERENCES.currency,
      timezone: r.timezone ?? DEFAULT_DISPLAY_PREFERENCES.timezone,
    };
    const lead = {
      serviceType: r.service_type,
      city: r.city,
      state: r.state,
      zipCode: r.zip_code,
      receivedAt: formatDateTime(r.created_at, prefs),
    };
    const key = `${r.buyer_id}:${r.lead_id}`;
    messages.set(key, {
      key,
      companyId: r.company_id,
      to: r.email,
      kind: "new_lead",
      ...newLeadNoticeEmail(r.company_name, lead, access, url, brand),
    });
  }
  // Stored a few leads at a time (each lead whole, with the claim of its row), up to about
  // MESSAGES_PER_STATEMENT recipients per statement; leads that reach nobody go with the first part.
  const byLead = new Map<string, TRecipientRow[]>();
  for (const r of rows) {
    if (!r.buyer_id) continue;
    const list = byLead.get(r.lead_id);
    if (list) list.push(r);
    else byLead.set(r.lead_id, [r]);
  }
  const now = new Date();
  let emails = 0;
  let part: string[] = leadIds.filter((id) => !byLead.has(id));
  let count = 0;
  const store = async () => {
    const recipients = part.flatMap((id) => byLead.get(id) ?? []);
    const ids = await deps.email.sendManyClaimed(
      recipients.flatMap((r) => messages.get(`${r.buyer_id}:${r.lead_id}`) ?? []),
      claimNotices(part, recipients, firstOf, now),
    );
    emails += ids.length;
    part = [];
    count = 0;
  };
  for (const [id, list] of byLead) {
    if (count > 0 && count + list.length > MESSAGES_PER_STATEMENT) {
      await store();
      await yieldToUrgent();
    }
    part.push(id);
    count += list.length;
  }
  if (part.length > 0) await store();
  return { leads: leadIds.length, emails };
}

/**
 * One statement per part: deletes the leads' notice rows (a second run finds them gone and writes
 * nothing), opens the windows of the buyers whose first lead this is (a window opened meanwhile by
 * another run wins: the lead then waits for its digest), keeps every other lead for its buyer's digest
 * (at most once per buyer and lead), and answers the keys of the e-mails to store.
 */
function claimNotices(
  leadIds: readonly string[],
  recipients: readonly TRecipientRow[],
  firstOf: ReadonlyMap<string, TRecipientRow>,
  now: Date,
) {
  const pairs = recipients.map((r) => ({
    buyer_id: r.buyer_id,
    company_id: r.company_id,
    lead_id: r.lead_id,
    is_preview: r.is_preview,
    first: r.buyer_id !== null && firstOf.get(r.buyer_id) === r,
  }));
  const at = now.toISOString();
  return {
    steps: sql`
      n as (delete from ${newLeadNotices} where lead_id = any(${`{${leadIds.join(",")}}`}::uuid[])
            returning lead_id),
      r as (select m.* from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb)
                 as m(buyer_id uuid, company_id uuid, lead_id uuid, is_preview boolean, first boolean)
             where m.lead_id in (select lead_id from n)),
      opened as (insert into ${buyerNoticeWindows} (buyer_id, company_id, opened_at)
                 select buyer_id, company_id, ${at}::timestamptz from r where first
                 on conflict (buyer_id) do nothing returning buyer_id),
      held as (insert into ${newLeadDigestItems} (buyer_id, lead_id, company_id, is_preview, created_at)
               select buyer_id, lead_id, company_id, is_preview, ${at}::timestamptz from r
                where not (first and buyer_id in (select buyer_id from opened))
               on conflict do nothing)`,
    keys: sql`select buyer_id::text || ':' || lead_id::text as "key" from r
               where first and buyer_id in (select buyer_id from opened)`,
  };
}

/** The sweep: sends the notices of every row left behind (its job lost), a batch at a time. */
export async function sweepNewLeadNotices(deps: TNewLeadNoticeDeps, batch = 20): Promise<number> {
  let leadsDone = 0;
  for (;;) {
    const { leads: n } = await sendNewLeadNotices(deps, {
      olderThanSeconds: NOTICE_SWEEP_AFTER_SECONDS,
      limit: batch,
    });
    leadsDone += n;
    if (n < batch) return leadsDone;
  }
}
