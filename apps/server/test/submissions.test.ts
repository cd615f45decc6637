import { FORM_MESSAGES, type TFormSubmissionResult, type TLeadDetail } from "@leadpost/shared";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { formSubmissions, leads, rateLimits } from "../src/db/schema";
import { retryFailedRouting } from "../src/modules/lead-distribution/worker/routing-retry";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createForm, createPublishedForm, QUOTE_ANSWERS, submit } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// Lets a test make the routing hook fail, as a bug or an outage in routing would.
const routing = vi.hoisted(() => ({ fail: false }));
vi.mock("../src/modules/lead-distribution/decide/route-lead", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../src/modules/lead-distribution/decide/route-lead")>();
  return {
    ...actual,
    routeLead: async (...args: Parameters<typeof actual.routeLead>) => {
      if (routing.fail) throw new Error("routing exploded");
      return actual.routeLead(...args);
    },
  };
});

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let formId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-submit.test", "Acme Submit");
  other = await createCompanyWithOwner(ctx, "owner@other-submit.test", "Other Submit");
  const form = await createPublishedForm(ctx, acme.cookie, {
    nicheId: acme.nicheId,
    saleCap: 3,
    successMessage: "We will call you today.",
    consentText: "I agree to be contacted.",
  });
  formId = form.id;
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const submissionsOf = (id: string) =>
  db().select().from(formSubmissions).where(eq(formSubmissions.formId, id));
const leadsOf = (id: string) => db().select().from(leads).where(eq(leads.formId, id));
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } })
    .error;
/** A fresh e-mail and phone each time, so tests do not see each other's leads as duplicates. */
let contactSeq = 0;
const freshContact = () => {
  contactSeq += 1;
  return { "f-email": `visitor${contactSeq}@example.com`, "f-phone": `720555${String(1000 + contactSeq)}` };
};

describe("a valid submission", () => {
  it("is stored, acknowledged, and becomes a lead with the heuristics, the zip centroid and the form's settings", async () => {
    const res = await submit(ctx, formId, QUOTE_ANSWERS, {
      body: {
        tracking: {
          referrer: "https://www.google.com/",
          landingPage: "https://roofs.example.com/quote?utm_source=google&utm_campaign=spring&gclid=abc123",
          utmMedium: "cpc",
          fbclid: "fb-1",
        },
      },
      headers: { "user-agent": "TestBrowser/1.0" },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as TFormSubmissionResult;
    expect(body).toEqual({
      success: true,
      leadId: expect.any(String),
      submissionId: expect.any(String),
      message: "Form submitted successfully!",
      successMessage: "We will call you today.",
      redirectUrl: null,
    });

    // Answered before routing: the lead waits for the routing worker, which this test drives itself.
    const [waiting] = await db()
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, body.submissionId));
    expect(waiting).toMatchObject({ routingStatus: "pending", routingAttempts: 0 });
    expect((await db().select().from(leads).where(eq(leads.id, body.leadId)))[0]!.status).toBe("new");
    expect(await retryFailedRouting(ctx.deps)).toBeGreaterThanOrEqual(1);

    const [lead] = await db().select().from(leads).where(eq(leads.id, body.leadId));
    expect(lead).toMatchObject({
      companyId: acme.companyId,
      formId,
      submissionId: body.submissionId,
      source: "form",
      name: "Ann Lee",
      email: "ann@example.com",
      phone: "3035550100",
      zipCode: "80202",
      city: "Denver",
      state: "CO",
      serviceType: "Roof repair",
      nicheId: acme.nicheId,
      saleCap: 3,
      // Routing ran after the visitor had been answered; with no buyers yet nobody holds it: unrouted.
      status: "unrouted",
      isDuplicate: false,
    });
    expect(lead!.latitude).toBeCloseTo(39.75, 1);
    expect(lead!.answers.map((a) => a.label)).toEqual([
      "Full name",
      "Phone",
      "Email",
      "Zip code",
      "Service needed",
      "Details",
    ]);
    expect(lead!.data).toMatchObject({ "Full name": "Ann Lee", "Zip code": "80202" });

    const [submission] = await db()
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, body.submissionId));
    expect(submission).toMatchObject({
      companyId: acme.companyId,
      data: QUOTE_ANSWERS,
      userAgent: "TestBrowser/1.0",
      referrer: "https://www.google.com/",
      landingPage: "https://roofs.example.com/quote?utm_source=google&utm_campaign=spring&gclid=abc123",
      utm: { utm_source: "google", utm_campaign: "spring", utm_medium: "cpc" },
      clickIds: { gclid: "abc123", fbclid: "fb-1" },
      fillTimeMs: 8000,
      isSpam: false,
      leadId: body.leadId,
      routingStatus: "unrouted",
      routingAttempts: 1,
      routingNextAttemptAt: null,
    });
    expect(submission!.consent).toMatchObject({
      text: "I agree to be contacted.",
      page: "https://roofs.example.com/quote?utm_source=google&utm_campaign=spring&gclid=abc123",
    });
    expect(Date.now() - Date.parse(submission!.consent!.at)).toBeLessThan(60_000);
  });

  it("gives the redirect to the page when the form redirects", async () => {
    const form = await createPublishedForm(ctx, acme.cookie, {
      redirectBehavior: "redirect",
      redirectUrl: "https://roofs.example.com/thanks",
    });
    const body = (await (
      await submit(ctx, form.id, { ...QUOTE_ANSWERS, ...freshContact() })
    ).json()) as TFormSubmissionResult;
    expect(body.redirectUrl).toBe("https://roofs.example.com/thanks");
  });

  it("marks a lead without a location unrouted", async () => {
    const res = await submit(ctx, formId, { ...QUOTE_ANSWERS, ...freshContact(), "f-zip": "00000" });
    const { leadId, submissionId } = (await res.json()) as TFormSubmissionResult;
    await retryFailedRouting(ctx.deps);
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ status: "unrouted", latitude: null, city: null });
    const [submission] = await db()
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, submissionId));
    expect(submission!.routingStatus).toBe("unrouted");
  });
});

describe("refused submissions", () => {
  it("refuses a missing required field with the spec's 422 text and stores nothing", async () => {
    const before = (await submissionsOf(formId)).length;
    const { "f-name": _name, ...withoutName } = QUOTE_ANSWERS;
    const res = await submit(ctx, formId, withoutName);
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Invalid form data. Please check your inputs.",
      fields: { "f-name": ["This field is required."] },
    });
    expect((await submissionsOf(formId)).length).toBe(before);
  });

  it("checks field types on the server: e-mail, phone digits and choices", async () => {
    const res = await submit(ctx, formId, {
      ...QUOTE_ANSWERS,
      "f-email": "not-an-email",
      "f-phone": "12345",
      "f-service": "Free money",
    });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({
      "f-email": ["Please enter a valid email address."],
      "f-phone": ["Please enter a valid phone number."],
      "f-service": ["Please choose one of the options."],
    });
  });

  it("answers the spec text for a body that is not a submission at all", async () => {
    const res = await ctx.request(`/api/public/forms/${formId}/submissions`, {
      method: "POST",
      json: { formData: "nope" },
    });
    expect(res.status).toBe(422);
    expect((await errorOf(res)).message).toBe(FORM_MESSAGES.INVALID_DATA);
  });

  it("does not accept submissions to an unpublished, unknown or malformed form", async () => {
    const draft = await createForm(ctx, acme.cookie);
    for (const id of [draft.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await submit(ctx, id);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe("Form not found or not published");
    }
    expect(await submissionsOf(draft.id)).toEqual([]);
  });
});

describe("idempotency", () => {
  it("replays the first answer for the same Idempotency-Key and creates nothing more", async () => {
    const headers = { "idempotency-key": "retry-key-0001" };
    const answers = { ...QUOTE_ANSWERS, ...freshContact() };
    const first = await submit(ctx, formId, answers, { headers });
    const second = await submit(ctx, formId, answers, { headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.json()).toEqual(await first.json());
    const rows = await db()
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.idempotencyKey, "retry-key-0001"));
    expect(rows).toHaveLength(1);
    expect(await db().select().from(leads).where(eq(leads.submissionId, rows[0]!.id))).toHaveLength(1);
  });

  it("refuses the same Idempotency-Key with a different request (409) and stores nothing more", async () => {
    const headers = { "idempotency-key": "reused-key-0001" };
    const first = await submit(ctx, formId, { ...QUOTE_ANSWERS, ...freshContact() }, { headers });
    expect(first.status).toBe(201);
    const other = await submit(ctx, formId, { ...QUOTE_ANSWERS, ...freshContact() }, { headers });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { error: { message: string } }).error.message).toBe(
      "Idempotency key reused with a different request",
    );
    const rows = await db()
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.idempotencyKey, "reused-key-0001"));
    expect(rows).toHaveLength(1);
  });

  it("gives one lead when the same key arrives many times at once", async () => {
    const answers = { ...QUOTE_ANSWERS, ...freshContact() };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        submit(ctx, formId, answers, { headers: { "idempotency-key": "parallel-key-1" } }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as TFormSubmissionResult[];
    expect(new Set(bodies.map((b) => b.leadId)).size).toBe(1);
    const rows = await db()
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.idempotencyKey, "parallel-key-1"));
    expect(rows).toHaveLength(1);
    const leadRows = await db().select().from(leads).where(eq(leads.email, answers["f-email"]));
    expect(leadRows).toHaveLength(1);
  });

  it("accepts the key in the body too; the same key on another form is a different submission", async () => {
    const otherForm = await createPublishedForm(ctx, acme.cookie);
    const answers = { ...QUOTE_ANSWERS, ...freshContact() };
    const a = await submit(ctx, formId, answers, { body: { idempotencyKey: "body-key-0001" } });
    const b = await submit(ctx, formId, answers, { body: { idempotencyKey: "body-key-0001" } });
    const c = await submit(ctx, otherForm.id, answers, { body: { idempotencyKey: "body-key-0001" } });
    const [bodyA, bodyB, bodyC] = (await Promise.all([
      a.json(),
      b.json(),
      c.json(),
    ])) as TFormSubmissionResult[];
    expect(bodyB!.submissionId).toBe(bodyA!.submissionId);
    expect(bodyC!.submissionId).not.toBe(bodyA!.submissionId);
  });

  it("refuses a malformed key", async () => {
    const res = await submit(ctx, formId, QUOTE_ANSWERS, { headers: { "idempotency-key": "bad key!" } });
    expect(res.status).toBe(422);
  });
});

describe("spam defences", () => {
  async function expectFlaggedNotRouted(res: Response, reason: RegExp) {
    expect(res.status).toBe(201);
    const body = (await res.json()) as TFormSubmissionResult;
    expect(body).toMatchObject({ success: true, message: "Form submitted successfully!" });
    const [submission] = await db()
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, body.submissionId));
    expect(submission).toMatchObject({
      isSpam: true,
      leadId: null,
      routingStatus: "skipped",
      routingNextAttemptAt: null,
    });
    expect(submission!.spamReason).toMatch(reason);
    expect(await db().select().from(leads).where(eq(leads.id, body.leadId))).toEqual([]);
  }

  it("stores a filled honeypot as spam, answers like a normal submission, and never makes a lead", async () => {
    const res = await submit(
      ctx,
      formId,
      { ...QUOTE_ANSWERS, ...freshContact() },
      { body: { _hp: "http://spam.example" } },
    );
    await expectFlaggedNotRouted(res, /honeypot/);
  });

  it("flags a form filled in under two seconds, or with no fill time at all", async () => {
    await expectFlaggedNotRouted(
      await submit(ctx, formId, { ...QUOTE_ANSWERS, ...freshContact() }, { body: { fillTimeMs: 400 } }),
      /filled in 400 ms/,
    );
    await expectFlaggedNotRouted(
      await submit(ctx, formId, { ...QUOTE_ANSWERS, ...freshContact() }, { body: { fillTimeMs: undefined } }),
      /no fill time/,
    );
  });

  it("is not flagged at exactly the minimum fill time", async () => {
    const res = await submit(
      ctx,
      formId,
      { ...QUOTE_ANSWERS, ...freshContact() },
      { body: { fillTimeMs: 2000 } },
    );
    const body = (await res.json()) as TFormSubmissionResult;
    expect(await db().select().from(leads).where(eq(leads.id, body.leadId))).toHaveLength(1);
  });
});

describe("rate limits", () => {
  it("answers 429 over the per-IP and the per-form limit, with Retry-After", async () => {
    const limited = await createTestContext({
      TRUST_PROXY: "true",
      FORM_SUBMISSIONS_PER_IP_PER_MINUTE: "2",
      FORM_SUBMISSIONS_PER_FORM_PER_MINUTE: "4",
    });
    try {
      const owner = await createCompanyWithOwner(limited, "owner@limits.test");
      const form = await createPublishedForm(limited, owner.cookie);
      const from = (ip: string, n: number) =>
        submit(
          limited,
          form.id,
          { ...QUOTE_ANSWERS, "f-email": `v${ip}-${n}@example.com` },
          {
            headers: { "x-forwarded-for": ip },
          },
        );
      expect((await from("203.0.113.1", 1)).status).toBe(201);
      expect((await from("203.0.113.1", 2)).status).toBe(201);
      const overIp = await from("203.0.113.1", 3);
      expect(overIp.status).toBe(429);
      expect(Number(overIp.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await errorOf(overIp)).message).toMatch(/^Too many submissions\. Please wait \d+ seconds/);

      expect((await from("203.0.113.2", 1)).status).toBe(201);
      expect((await from("203.0.113.2", 2)).status).toBe(201);
      // Four accepted into the form this minute: a fresh address is refused by the form's limit.
      expect((await from("203.0.113.3", 1)).status).toBe(429);
      expect(await limited.database.db.select().from(formSubmissions)).toHaveLength(4);

      // An answer refused as invalid still counts against the form, on the same counters.
      const invalid = await submit(limited, form.id, {}, { headers: { "x-forwarded-for": "203.0.113.4" } });
      expect(invalid.status).toBe(429);
      // The instance counts the first half of each limit in memory (intake/local-limit.ts) and the rest
      // on the shared counters: the form's third and fourth submissions there, spread over several rows
      // so submissions to one busy form do not queue on one; the refusals past the limit were decided
      // by this instance alone. The address's second submission is its one shared hit.
      const counters = await limited.database.db
        .select({ key: rateLimits.key, count: rateLimits.count })
        .from(rateLimits)
        .where(sql`${rateLimits.key} like ${`form-submit:form:${form.id}:%`}`);
      expect(counters.reduce((sum, c) => sum + c.count, 0)).toBe(2);
      expect(counters.every((c) => /:\d+$/.test(c.key))).toBe(true);
      const [address] = await limited.database.db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(eq(rateLimits.key, "form-submit:ip:203.0.113.1"));
      expect(address?.count).toBe(1);
    } finally {
      await limited.close();
    }
  });
});

describe("routing failures", () => {
  it("still stores and acknowledges the submission, then the retry job routes it", async () => {
    routing.fail = true;
    let body: TFormSubmissionResult;
    try {
      const res = await submit(ctx, formId, { ...QUOTE_ANSWERS, ...freshContact() });
      expect(res.status).toBe(201);
      body = (await res.json()) as TFormSubmissionResult;
      await retryFailedRouting(ctx.deps);
    } finally {
      routing.fail = false;
    }
    const byId = eq(formSubmissions.id, body.submissionId);
    const [failed] = await db().select().from(formSubmissions).where(byId);
    expect(failed).toMatchObject({
      routingStatus: "failed",
      routingError: "routing exploded",
      routingAttempts: 1,
    });
    expect(failed!.routingNextAttemptAt!.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: the job leaves it alone.
    await retryFailedRouting(ctx.deps);
    expect((await db().select().from(formSubmissions).where(byId))[0]!.routingStatus).toBe("failed");

    await db()
      .update(formSubmissions)
      .set({ routingNextAttemptAt: new Date(Date.now() - 1000) })
      .where(byId);
    expect(await retryFailedRouting(ctx.deps)).toBeGreaterThanOrEqual(1);
    const [retried] = await db().select().from(formSubmissions).where(byId);
    // Routed this time (no buyer serves it, so the outcome is unrouted), with nothing left to retry.
    expect(retried).toMatchObject({
      routingStatus: "unrouted",
      routingAttempts: 2,
      routingError: null,
      routingNextAttemptAt: null,
    });
  });

  it("picks up a submission whose routing never finished once its lease runs out", async () => {
    const res = await submit(ctx, formId, { ...QUOTE_ANSWERS, ...freshContact() });
    const { submissionId } = (await res.json()) as TFormSubmissionResult;
    const byId = eq(formSubmissions.id, submissionId);
    // As if a worker had claimed it and then died: claimed (attempt 1), its lease not yet over.
    await db()
      .update(formSubmissions)
      .set({ routingAttempts: 1, routingNextAttemptAt: new Date(Date.now() + 60_000) })
      .where(byId);
    await retryFailedRouting(ctx.deps);
    expect((await db().select().from(formSubmissions).where(byId))[0]!.routingStatus).toBe("pending");
    await db()
      .update(formSubmissions)
      .set({ routingNextAttemptAt: new Date(Date.now() - 1000) })
      .where(byId);
    await retryFailedRouting(ctx.deps);
    // Routing ran to its end: no buyer serves the lead, so it is unrouted rather than pending.
    expect((await db().select().from(formSubmissions).where(byId))[0]!.routingStatus).toBe("unrouted");
  });

  it("gives up after the last attempt and leaves the failure visible", async () => {
    routing.fail = true;
    try {
      const res = await submit(ctx, formId, { ...QUOTE_ANSWERS, ...freshContact() });
      const { submissionId } = (await res.json()) as TFormSubmissionResult;
      const byId = eq(formSubmissions.id, submissionId);
      for (let i = 0; i < 6; i++) {
        // Fast-forward to the scheduled retry, if one is scheduled.
        await db()
          .update(formSubmissions)
          .set({ routingNextAttemptAt: sql`now() - interval '1 second'` })
          .where(and(byId, isNotNull(formSubmissions.routingNextAttemptAt)));
        await retryFailedRouting(ctx.deps);
      }
      const [row] = await db().select().from(formSubmissions).where(byId);
      expect(row).toMatchObject({ routingStatus: "failed", routingAttempts: 5, routingNextAttemptAt: null });
    } finally {
      routing.fail = false;
    }
  });
});

describe("duplicates", () => {
  it("flags the same e-mail or phone within the company's window, not across companies or outside it", async () => {
    const contact = freshContact();
    const first = (await (
      await submit(ctx, formId, { ...QUOTE_ANSWERS, ...contact })
    ).json()) as TFormSubmissionResult;
    const byEmail = (await (
      await submit(ctx, formId, { ...QUOTE_ANSWERS, ...contact, "f-phone": "7205559999" })
    ).json()) as TFormSubmissionResult;
    const byPhone = (await (
      await submit(ctx, formId, {
        ...QUOTE_ANSWERS,
        ...contact,
        "f-email": "someone-else@example.com",
        "f-phone": `+1 ${contact["f-phone"]}`,
      })
    ).json()) as TFormSubmissionResult;
    const leadById = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)))[0]!;
    expect(await leadById(first.leadId)).toMatchObject({ isDuplicate: false, duplicateOfLeadId: null });
    expect(await leadById(byEmail.leadId)).toMatchObject({
      isDuplicate: true,
      duplicateOfLeadId: first.leadId,
    });
    expect(await leadById(byPhone.leadId)).toMatchObject({
      isDuplicate: true,
      duplicateOfLeadId: first.leadId,
    });

    const otherForm = await createPublishedForm(ctx, other.cookie);
    const elsewhere = (await (
      await submit(ctx, otherForm.id, { ...QUOTE_ANSWERS, ...contact })
    ).json()) as TFormSubmissionResult;
    expect(await leadById(elsewhere.leadId)).toMatchObject({ isDuplicate: false });

    // Move the earlier leads out of the 30-day window.
    await db()
      .update(leads)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(and(eq(leads.companyId, acme.companyId), eq(leads.email, contact["f-email"])));
    await db()
      .update(leads)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(leads.id, byPhone.leadId));
    const later = (await (
      await submit(ctx, formId, { ...QUOTE_ANSWERS, ...contact })
    ).json()) as TFormSubmissionResult;
    expect(await leadById(later.leadId)).toMatchObject({ isDuplicate: false });
  });

  it("flags exactly one of two identical submissions arriving together", async () => {
    const answers = { ...QUOTE_ANSWERS, ...freshContact() };
    const bodies = (await Promise.all(
      [1, 2].map(async () => (await submit(ctx, formId, answers)).json()),
    )) as TFormSubmissionResult[];
    const rows = await db().select().from(leads).where(eq(leads.email, answers["f-email"]));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.isDuplicate)).toHaveLength(1);
    expect(bodies).toHaveLength(2);
  });
});

describe("markup in answers", () => {
  it("is stored verbatim and comes back as JSON data", async () => {
    const xss = `"><script>alert(document.cookie)</script>`;
    const res = await submit(ctx, formId, {
      ...QUOTE_ANSWERS,
      ...freshContact(),
      "f-name": xss,
      "f-details": xss,
    });
    const { leadId, submissionId } = (await res.json()) as TFormSubmissionResult;
    const [submission] = await db()
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.id, submissionId));
    expect(submission!.data["f-details"]).toBe(xss);
    const detail = await ctx.request(`/api/leads/${leadId}`, { cookie: acme.cookie });
    expect(detail.headers.get("content-type")).toContain("application/json");
    const lead = (await detail.json()) as TLeadDetail;
    expect(lead.name).toBe(xss);
    expect(lead.fields.find((f) => f.fieldId === "f-details")?.value).toBe(xss);
  });
});

describe("forms with every kind of answer", () => {
  it("accepts multiple-choice and tick-box answers and keeps them in the lead", async () => {
    const form = await createPublishedForm(ctx, acme.cookie, {
      fields: [
        { id: "zip", type: "text", label: "ZIP Code", required: true },
        {
          id: "extras",
          type: "checkbox",
          label: "Also interested in",
          required: false,
          options: ["Gutters", "Siding"],
        },
        { id: "agree", type: "checkbox", label: "I am the homeowner", required: true },
        { id: "size", type: "radio", label: "Home size", required: false, options: ["Small", "Large"] },
      ],
    });
    const res = await submit(ctx, form.id, { zip: "10001", extras: ["Siding"], agree: true, size: "Large" });
    expect(res.status).toBe(201);
    const { leadId } = (await res.json()) as TFormSubmissionResult;
    const [lead] = await leadsOf(form.id);
    expect(lead).toMatchObject({
      id: leadId,
      zipCode: "10001",
      city: "New York",
      state: "NY",
      serviceType: "Not specified",
    });
    expect(lead!.data).toEqual({
      "ZIP Code": "10001",
      "Also interested in": ["Siding"],
      "I am the homeowner": true,
      "Home size": "Large",
    });
  });
});
