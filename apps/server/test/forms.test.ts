import { FORM_MESSAGES, type TFormDetail, type TFormList, type TPublicForm } from "@leadpost/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers, formBuyers, formEmailRouting, formSubmissions, forms, leads } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createForm, createPublishedForm, QUOTE_FIELDS, submit } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-forms.test", "Acme Forms");
  other = await createCompanyWithOwner(ctx, "owner@other-forms.test", "Other Forms");
});
afterAll(() => ctx.close());

const api = (path: string, cookie: string, init: { method?: string; json?: unknown } = {}) =>
  ctx.request(path, { ...init, cookie });

async function addBuyer(companyId: string, email: string) {
  const [buyer] = await ctx.database.db
    .insert(buyers)
    .values({ companyId, email, contactName: "Bob", status: "active" })
    .returning();
  return buyer!;
}

describe("form management", () => {
  it("needs a signed-in company user", async () => {
    expect((await ctx.request("/api/forms")).status).toBe(401);
  });

  it("creates a draft with the 001 §3 defaults and the image defaults of 000 §9", async () => {
    const form = await createForm(ctx, acme.cookie, {
      fields: [
        ...QUOTE_FIELDS,
        { id: "f-logo", type: "image", label: "Logo", required: false, src: "https://cdn.example.com/l.png" },
      ],
    });
    expect(form).toMatchObject({
      status: "draft",
      isActive: true,
      backgroundOpacity: 100,
      textColor: "#000000",
      accentColor: "#3182ce",
      accentOpacity: 10,
      submitButtonPosition: "center",
      submitButtonWidth: "default",
      saleCap: 1,
      buyerIds: [],
      emailRouting: [],
    });
    expect(form.fields.find((f) => f.id === "f-logo")).toMatchObject({
      imageSize: "medium",
      imageAlignment: "center",
      padding: { top: 0, right: 0, bottom: 0, left: 0 },
      margin: { top: 0, right: 0, bottom: 0, left: 0 },
    });
    expect(form.fields.find((f) => f.id === "f-name")?.width).toBe("full");
  });

  it("refuses invalid fields, an unknown sale cap, and another company's niche or buyers", async () => {
    const duplicateIds = await api("/api/forms", acme.cookie, {
      method: "POST",
      json: { title: "x", fields: [QUOTE_FIELDS[1], QUOTE_FIELDS[1]] },
    });
    expect(duplicateIds.status).toBe(422);
    const badType = await api("/api/forms", acme.cookie, {
      method: "POST",
      json: { title: "x", fields: [{ id: "a", type: "video", label: "A", required: false }] },
    });
    expect(badType.status).toBe(422);
    const badCap = await api("/api/forms", acme.cookie, { method: "POST", json: { title: "x", saleCap: 4 } });
    expect(badCap.status).toBe(422);

    const foreignNiche = await api("/api/forms", acme.cookie, {
      method: "POST",
      json: { title: "x", nicheId: other.nicheId },
    });
    expect(foreignNiche.status).toBe(422);
    const otherBuyer = await addBuyer(other.companyId, "bob@other.test");
    const foreignBuyer = await api("/api/forms", acme.cookie, {
      method: "POST",
      json: { title: "x", buyerIds: [otherBuyer.id] },
    });
    expect(foreignBuyer.status).toBe(422);
    expect(((await foreignBuyer.json()) as { error: { fields: object } }).error.fields).toHaveProperty(
      "buyerIds",
    );
  });

  it("updates only what is sent; lists replace the stored ones", async () => {
    const buyer = await addBuyer(acme.companyId, "carol@acme.test");
    const form = await createForm(ctx, acme.cookie, {
      accentColor: "#ff0000",
      nicheId: acme.nicheId,
      saleCap: 3,
      buyerIds: [buyer.id],
      emailRouting: [{ email: "Leads@Acme.test", zipCode: "80202", radius: 25 }],
    });
    expect(form.emailRouting).toMatchObject([
      { email: "leads@acme.test", zipCode: "80202", status: "active" },
    ]);

    const res = await api(`/api/forms/${form.id}`, acme.cookie, {
      method: "PATCH",
      json: { title: "Renamed" },
    });
    expect(res.status).toBe(200);
    const updated = (await res.json()) as TFormDetail;
    expect(updated).toMatchObject({
      title: "Renamed",
      accentColor: "#ff0000",
      nicheId: acme.nicheId,
      saleCap: 3,
      buyerIds: [buyer.id],
    });
    expect(updated.fields).toHaveLength(QUOTE_FIELDS.length);

    const cleared = (await (
      await api(`/api/forms/${form.id}`, acme.cookie, {
        method: "PATCH",
        json: { buyerIds: [], emailRouting: [] },
      })
    ).json()) as TFormDetail;
    expect(cleared).toMatchObject({ buyerIds: [], emailRouting: [], title: "Renamed" });

    const empty = await api(`/api/forms/${form.id}`, acme.cookie, { method: "PATCH", json: {} });
    expect(empty.status).toBe(422);
  });

  it("lists the company's forms newest-updated first with published and draft counts", async () => {
    const first = await createForm(ctx, acme.cookie, { title: "First" });
    const second = await createPublishedForm(ctx, acme.cookie, { title: "Second" });
    await api(`/api/forms/${first.id}`, acme.cookie, { method: "PATCH", json: { description: "touched" } });

    const list = (await (await api("/api/forms", acme.cookie)).json()) as TFormList;
    expect(list.forms[0]!.id).toBe(first.id);
    expect(list.forms[1]!.id).toBe(second.id);
    const rows = await ctx.database.db.select().from(forms).where(eq(forms.companyId, acme.companyId));
    const published = rows.filter((r) => r.status === "published").length;
    expect(list.counts).toEqual({ published, draft: rows.length - published });
    expect(list.forms.every((f) => rows.some((r) => r.id === f.id))).toBe(true);
  });

  it("publishes and unpublishes; only published and active forms are public", async () => {
    const form = await createForm(ctx, acme.cookie);
    const publicUrl = `/api/public/forms/${form.id}`;
    const draft = await ctx.request(publicUrl);
    expect(draft.status).toBe(404);
    expect(((await draft.json()) as { error: { message: string } }).error.message).toBe(
      FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED,
    );

    const published = await api(`/api/forms/${form.id}/publish`, acme.cookie, { method: "POST" });
    expect(await published.json()).toEqual({
      id: form.id,
      status: "published",
      message: "Form published successfully",
    });
    expect((await ctx.request(publicUrl)).status).toBe(200);

    await api(`/api/forms/${form.id}`, acme.cookie, { method: "PATCH", json: { isActive: false } });
    expect((await ctx.request(publicUrl)).status).toBe(404);
    await api(`/api/forms/${form.id}`, acme.cookie, { method: "PATCH", json: { isActive: true } });

    const unpublished = await api(`/api/forms/${form.id}/unpublish`, acme.cookie, { method: "POST" });
    expect(await unpublished.json()).toMatchObject({ status: "draft", message: "Form unpublished" });
    expect((await ctx.request(publicUrl)).status).toBe(404);
  });

  it("will not publish a form with nothing to answer", async () => {
    const form = await createForm(ctx, acme.cookie, {
      fields: [{ id: "h", type: "heading", label: "Hi", required: false }],
    });
    const res = await api(`/api/forms/${form.id}/publish`, acme.cookie, { method: "POST" });
    expect(res.status).toBe(422);
  });

  it("shows the public only what a visitor needs: no company id, niche, buyers, sale cap or routing", async () => {
    const buyer = await addBuyer(acme.companyId, "dave@acme.test");
    const form = await createPublishedForm(ctx, acme.cookie, {
      nicheId: acme.nicheId,
      buyerIds: [buyer.id],
      saleCap: 2,
      emailRouting: [{ email: "secret-routing@acme.test" }],
      successMessage: "Thanks!",
      consentText: "By submitting you agree to be contacted.",
    });
    const res = await ctx.request(`/api/public/forms/${form.id}`);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const body = (await res.json()) as TPublicForm & Record<string, unknown>;
    expect(body.company).toEqual({ name: "Acme Forms", logoUrl: null });
    expect(body).toMatchObject({
      successMessage: "Thanks!",
      consentText: "By submitting you agree to be contacted.",
    });
    for (const hidden of [
      "companyId",
      "nicheId",
      "buyerIds",
      "saleCap",
      "emailRouting",
      "status",
      "createdAt",
    ]) {
      expect(body).not.toHaveProperty(hidden);
    }
    const text = JSON.stringify(body);
    expect(text).not.toContain(acme.companyId);
    expect(text).not.toContain(buyer.id);
    expect(text).not.toContain("secret-routing");
  });

  it("answers 'Form not found or not published' for a malformed or unknown id", async () => {
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await ctx.request(`/api/public/forms/${id}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED,
      );
    }
  });

  it("returns markup in labels verbatim, as JSON data", async () => {
    const xss = `<img src=x onerror="alert('x')"><script>alert(1)</script>`;
    const form = await createPublishedForm(ctx, acme.cookie, {
      title: xss,
      fields: [{ id: "n", type: "text", label: xss, required: true, helpText: xss }],
    });
    const res = await ctx.request(`/api/public/forms/${form.id}`);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as TPublicForm;
    expect(body.title).toBe(xss);
    expect(body.fields[0]).toMatchObject({ label: xss, helpText: xss });
  });
});

describe("form deletion and tenant isolation", () => {
  it("gives another company 404 on every form route and changes nothing", async () => {
    const form = await createPublishedForm(ctx, acme.cookie, { title: "Private" });
    const path = `/api/forms/${form.id}`;
    expect((await api(path, other.cookie)).status).toBe(404);
    expect((await api(path, other.cookie, { method: "PATCH", json: { title: "Stolen" } })).status).toBe(404);
    expect((await api(`${path}/unpublish`, other.cookie, { method: "POST" })).status).toBe(404);
    expect((await api(path, other.cookie, { method: "DELETE" })).status).toBe(404);

    const [row] = await ctx.database.db.select().from(forms).where(eq(forms.id, form.id));
    expect(row).toMatchObject({ title: "Private", status: "published" });
    const list = (await (await api("/api/forms", other.cookie)).json()) as TFormList;
    expect(list.forms.map((f) => f.id)).not.toContain(form.id);
  });

  it("deletes a form with its submissions, buyer links and e-mail routing; its leads stay", async () => {
    const buyer = await addBuyer(acme.companyId, "erin@acme.test");
    const form = await createPublishedForm(ctx, acme.cookie, {
      buyerIds: [buyer.id],
      emailRouting: [{ email: "route@acme.test" }],
    });
    const submitted = await submit(ctx, form.id);
    expect(submitted.status).toBe(201);
    const { leadId } = (await submitted.json()) as { leadId: string };

    const res = await api(`/api/forms/${form.id}`, acme.cookie, { method: "DELETE" });
    expect(await res.json()).toEqual({ success: true, message: "Form deleted successfully" });
    const db = ctx.database.db;
    expect(await db.select().from(forms).where(eq(forms.id, form.id))).toEqual([]);
    expect(await db.select().from(formSubmissions).where(eq(formSubmissions.formId, form.id))).toEqual([]);
    expect(await db.select().from(formBuyers).where(eq(formBuyers.formId, form.id))).toEqual([]);
    expect(await db.select().from(formEmailRouting).where(eq(formEmailRouting.formId, form.id))).toEqual([]);
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ formId: null, submissionId: null, name: "Ann Lee" });
    expect((await api(`/api/forms/${form.id}`, acme.cookie)).status).toBe(404);
  });

  it("publishes the OpenAPI description of the new routes", async () => {
    const doc = (await (await ctx.request("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const path of [
      "/api/forms",
      "/api/forms/{formId}",
      "/api/public/forms/{formId}",
      "/api/public/forms/{formId}/submissions",
      "/api/leads",
      "/api/leads/{leadId}",
      "/api/leads/export",
      "/api/dashboard/summary",
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });
});
