import { NO_CONTACT_PRIVACY, type TContactPrivacy, type TLeadList } from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { col, queryRows, rowOf } from "../src/db/raw";
import { leads } from "../src/db/schema";
import { lookPastTenant, runAsCompany } from "../src/db/tenant-scope";
import { leadSearchCondition } from "../src/modules/leads";
import { searchHits } from "../src/modules/leads/search";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// The Leads list's search by the trigram index (lead_search_ids, modules/leads/search.ts, issue 26):
// behind the company's wall, the same answers as the ILIKE it stands in for, never another company's.

/** `off` sends the list down the ILIKE path it took before; `used` counts searches answered by the index. */
const trigram = vi.hoisted(() => ({ off: false, used: 0 }));
vi.mock("../src/modules/leads/search", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../src/modules/leads/search")>();
  return {
    ...actual,
    searchHits: async (...args: Parameters<typeof actual.searchHits>) => {
      if (trigram.off) return null;
      const hits = await actual.searchHits(...args);
      if (hits) trigram.used++;
      return hits;
    },
  };
});

/** One more than the list's exact filtered counts read (EXACT_FILTERED_COUNT_LIMIT), as the list asks. */
const HITS = 1_001;
/** Leads of one common name: more than HITS, so the matches answered are not all of them. */
const BULK = 1_100;
const DAY_MS = 86_400_000;

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let bulkFormId: string;
let otherLeadId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-search.test", "Acme Search");
  other = await createCompanyWithOwner(ctx, "owner@other-search.test", "Other Search");
  bulkFormId = (await createPublishedForm(ctx, acme.cookie, { title: "Bulk" })).id;
  const db = ctx.database.db;
  const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
  await db.insert(leads).values([
    {
      companyId: acme.companyId,
      name: "Ann Lee",
      email: "ann.lee@example.com",
      phone: "3035550101",
      city: "Denver",
      zipCode: "80202",
      status: "routed",
      createdAt: ago(1),
    },
    {
      companyId: acme.companyId,
      name: "Bob Stone",
      email: "bob_stone@mail.test",
      phone: "2125550102",
      city: "New York",
      zipCode: "10001",
      status: "unrouted",
      createdAt: ago(10),
    },
    {
      companyId: acme.companyId,
      name: "Cara Diaz",
      email: "cara%diaz@example.org",
      phone: "4155550103",
      city: "San Francisco",
      zipCode: "94103",
      isTest: true,
      createdAt: ago(2),
    },
    {
      companyId: acme.companyId,
      name: "Dan Fox",
      email: "dan@fox.test",
      city: "Atlanta",
      status: "sold_out",
    },
    { companyId: acme.companyId, email: "anon@x.test", createdAt: ago(3) },
  ]);
  // A common name: one lead an hour back from now, statuses in turn, every tenth on a form.
  await db.execute(sql`
    insert into leads (company_id, form_id, name, email, phone, city, zip_code, status, created_at)
    select ${acme.companyId}::uuid, case when g % 10 = 0 then ${bulkFormId}::uuid end, 'Maria Garcia ' || g,
           'maria.garcia.' || g || '@bulk.test', '720555' || lpad(g::text, 4, '0'), 'Boulder',
           '8030' || (g % 2), (array['new','routed','unrouted','sold_out'])[1 + g % 4],
           now() - make_interval(hours => g)
      from generate_series(1, ${BULK}) g`);
  // The other company: the same name, city and ZIP as Acme's leads, and a phone Acme's searches touch.
  const [theirs] = await db
    .insert(leads)
    .values({
      companyId: other.companyId,
      name: "Zed Garcia",
      email: "zed@other.test",
      phone: "3035550199",
      city: "Denver",
      zipCode: "80202",
    })
    .returning();
  otherLeadId = theirs!.id;
  // Estimates come from the statistics: taken once, so both paths are estimated alike.
  await db.execute(sql`analyze leads`);
});
afterAll(() => ctx.close());
beforeEach(() => {
  trigram.off = false;
  trigram.used = 0;
});

const list = async (query: string, cookie = acme.cookie) => {
  const res = await ctx.request(`/api/leads?${query}`, { cookie });
  expect(res.status, query).toBe(200);
  return (await res.json()) as TLeadList;
};
/** The same request down both paths; each answer whole, with which path answered. */
async function bothWays(query: string) {
  trigram.off = true;
  const before = await list(query);
  trigram.off = false;
  trigram.used = 0;
  const after = await list(query);
  return { before, after, indexed: trigram.used > 0 };
}
const dateOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

describe("Leads search by the trigram index", () => {
  const searches = [
    "ann",
    "ANN LEE",
    " lee@exa ",
    "example",
    "(303) 555",
    "303-555-0101",
    "5550",
    "denver",
    "80202",
    "802",
    "maria garcia 10",
    "garcia.1099@",
    "cara%d",
    "bob_s",
    "zed",
    "nothing like it",
  ];

  it("answers what the ILIKE answered: leads, counts, estimates and cursor", async () => {
    for (const search of searches) {
      const { before, after, indexed } = await bothWays(`search=${encodeURIComponent(search)}&test=include`);
      expect(after, search).toEqual(before);
      expect(indexed, search).toBe(true);
    }
    // Some of them found something, and one only the other company has found nothing.
    expect((await list("search=ann")).leads.map((l) => l.name)).toEqual(["Ann Lee"]);
    expect((await list("search=maria%20garcia%2010")).total).toBe(111);
    expect((await list("search=zed")).total).toBe(0);
  });

  it("keeps one- and two-character searches on the ILIKE, with the same answers", async () => {
    for (const search of ["a", "an", "@e", "5", "55", "%", "_", "zq"]) {
      const { before, after, indexed } = await bothWays(`search=${encodeURIComponent(search)}`);
      expect(after, search).toEqual(before);
      expect(indexed, search).toBe(false);
    }
  });

  it("combines with status, form, date and test filters, pages and cursors, as before", async () => {
    const garcia = "search=garcia";
    const queries = [
      garcia,
      `${garcia}&status=new`,
      `${garcia}&formId=${bulkFormId}`,
      `${garcia}&page=2`,
      `${garcia}&page=41`,
      // Fewer than 1,001 matches among more: counted and paged the ILIKE way.
      `${garcia}&to=${dateOf(44)}`,
      `${garcia}&from=${dateOf(5)}&status=routed`,
      "search=example&test=only",
      "search=example",
      "search=denver&status=routed",
    ];
    for (const query of queries) {
      const { before, after, indexed } = await bothWays(query);
      expect(after, query).toEqual(before);
      expect(indexed, query).toBe(true);
    }
    // Past the exact limit the counts are estimates, as before; below it exact.
    const all = await list(garcia);
    expect(all.estimatedCounts).toContain("total");
    expect(all.total).toBeGreaterThan(1_000);
    const old = await list(`${garcia}&to=${dateOf(44)}`);
    expect(old.estimatedCounts).toEqual([]);
    expect(old.total).toBeGreaterThan(0);
    expect(old.total).toBeLessThan(BULK - HITS);

    // Every page of a cursor walk through all the matches: the same leads either way.
    for (const off of [true, false]) {
      trigram.off = off;
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 45 && (i === 0 || cursor); i++) {
        const page: TLeadList = await list(
          `${garcia}&${cursor ? `cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        seen.push(...page.leads.map((l) => l.id));
        cursor = page.nextCursor;
      }
      expect(new Set(seen).size, `trigram ${off ? "off" : "on"}`).toBe(BULK);
    }
  });
});

describe("lead_search_ids behind the wall", () => {
  /** The ILIKE as the tables' owner, with an explicit company: every lead the function may answer. */
  const byIlike = async (companyId: string, text: string, privacy: TContactPrivacy) =>
    (
      await ctx.database.db
        .select({ id: leads.id })
        .from(leads)
        .where(and(eq(leads.companyId, companyId), leadSearchCondition(text, privacy)))
    )
      .map((r) => r.id)
      .sort();
  const sorted = (ids: string[] | undefined) => [...(ids ?? [])].sort();

  it("answers the matches of the wall's company, as the ILIKE would, hidden details unsearched", async () => {
    const privacies: TContactPrivacy[] = [
      NO_CONTACT_PRIVACY,
      { ...NO_CONTACT_PRIVACY, hideName: true },
      { ...NO_CONTACT_PRIVACY, hidePhone: true },
    ];
    for (const privacy of privacies) {
      for (const text of ["ann lee", "(303) 555", "garcia", "0101", "lee@", "bob_s"]) {
        const hits = await runAsCompany(ctx.database.db, acme.companyId, () =>
          searchHits(ctx.database.db, text, privacy, HITS),
        );
        const label = `${text} ${JSON.stringify(privacy)}`;
        const all = await byIlike(acme.companyId, text, privacy);
        if (all.length < HITS) {
          expect(sorted(hits?.ids), label).toEqual(all);
          expect(hits?.complete, label).toBe(true);
        } else {
          // A common text: HITS of its matches, none twice, and the answer says there may be more.
          expect(new Set(hits?.ids).size, label).toBe(HITS);
          expect(
            hits?.ids.every((id) => all.includes(id)),
            label,
          ).toBe(true);
          expect(hits?.complete, label).toBe(false);
        }
      }
    }
    // A hidden name is not searched: "ann lee" is only in Ann's name.
    const hidden = await runAsCompany(ctx.database.db, acme.companyId, () =>
      searchHits(ctx.database.db, "ann lee", { ...NO_CONTACT_PRIVACY, hideName: true }, HITS),
    );
    expect(hidden?.ids).toEqual([]);
  });

  it("never answers another company's leads, and nothing without a company", async () => {
    const call = (text: string) =>
      queryRows(
        ctx.database.db,
        rowOf({ id: col.text }),
        sql`select id from lead_search_ids(${`%${text}%`}, ${`%${text}%`}, true, true, ${HITS}) as f(id)`,
      );
    // Text only the other company's lead holds, and text both hold.
    for (const text of ["zed@other", "3035550199", "garcia", "denver"]) {
      const asAcme = await runAsCompany(ctx.database.db, acme.companyId, () => call(text));
      expect(
        asAcme.map((r) => r.id),
        text,
      ).not.toContain(otherLeadId);
      const acmes = await byIlike(acme.companyId, text, NO_CONTACT_PRIVACY);
      expect(
        asAcme.every((r) => acmes.includes(r.id)),
        text,
      ).toBe(true);
      expect(asAcme.length, text).toBe(Math.min(acmes.length, HITS));
      const asOther = await runAsCompany(ctx.database.db, other.companyId, () => call(text));
      expect(
        asOther.map((r) => r.id),
        text,
      ).toEqual([otherLeadId]);
    }
    // The system context has no company: the function answers nothing (it takes none as a parameter).
    expect(await call("garcia")).toEqual([]);
    // Through the API: Acme's search for the other company's lead finds no lead and counts none.
    const res = await list(`search=${encodeURIComponent("zed@other")}`);
    expect(res.leads).toEqual([]);
    expect(res.statusCounts).toEqual({ new: 0, routed: 0, unrouted: 0, sold_out: 0 });
    expect((await list(`search=${encodeURIComponent("zed@other")}`, other.cookie)).total).toBe(1);
  });

  it("reads the trigram index where the ILIKE behind the wall could not", async () => {
    const db = ctx.database.db;
    // In one transaction, rolled back: the leads' other indexes dropped and seq scans priced out, so the
    // trigram index is the one way left to find matches quickly. PostgreSQL's own statistics of the
    // backend count its scans.
    const trigramScans = (search: () => Promise<unknown>) =>
      runAsCompany(
        db,
        acme.companyId,
        async () => {
          await lookPastTenant(async () => {
            const others = await queryRows(
              db,
              rowOf({ name: col.text }),
              sql`select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
                   where i.indrelid = 'leads'::regclass and c.relname <> 'leads_search_trigram'
                     and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
            );
            for (const { name } of others) await db.execute(sql`drop index ${sql.identifier(name)}`);
          });
          await db.execute(sql`select set_config('enable_seqscan', 'off', true)`);
          // The backend's counts not yet reported include earlier transactions': the search's are the difference.
          const scans = async () =>
            (
              await queryRows(
                db,
                rowOf({ n: col.number }),
                sql`select pg_stat_get_xact_numscans('leads_search_trigram'::regclass)::int as n`,
              )
            )[0]!.n;
          const before = await scans();
          await search();
          return (await scans()) - before;
        },
        { rollbackIf: () => true },
      );
    const text = "maria.garcia.1099@";
    expect(await trigramScans(() => searchHits(db, text, NO_CONTACT_PRIVACY, HITS))).toBeGreaterThan(0);
    expect(
      await trigramScans(() =>
        db
          .select({ id: leads.id })
          .from(leads)
          .where(and(eq(leads.companyId, acme.companyId), leadSearchCondition(text))),
      ),
    ).toBe(0);
    // Every index is back.
    expect((await list(`search=${encodeURIComponent(text)}`)).total).toBe(1);
  });
});
