import {
  FORM_MESSAGES,
  type TFormList,
  type TFormOptions,
  type TLeadDetail,
  type TPublicForm,
} from "@leadpost/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyers } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createForm, createPublishedForm, QUOTE_ANSWERS, QUOTE_FIELDS, submit } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-builder.test", "Acme Builder");
  other = await createCompanyWithOwner(ctx, "owner@other-builder.test", "Other Builder");
});
afterAll(() => ctx.close());

const XSS = `<img src=x onerror="alert('xss')"><script>alert(1)</script>`;

describe("builder choices", () => {
  it("lists only the company's niches and non-archived buyers", async () => {
    await ctx.database.db.insert(buyers).values([
      {
        companyId: acme.companyId,
        email: "a@b.test",
        contactName: "Al",
        companyName: "Al Roofing",
        status: "active",
      },
      {
        companyId: acme.companyId,
        email: "g@b.test",
        contactName: "Gone",
        status: "active",
        deletedAt: new Date(),
      },
      { companyId: other.companyId, email: "o@b.test", contactName: "Other buyer", status: "active" },
    ]);
    const res = await ctx.request("/api/forms/options", { cookie: acme.cookie });
    expect(res.status).toBe(200);
    const options = (await res.json()) as TFormOptions;
    expect(options.niches).toEqual([{ id: acme.nicheId, name: "Roofing" }]);
    expect(options.buyers.map((b) => b.name)).toEqual(["Al Roofing"]);
    expect((await ctx.request("/api/forms/options")).status).toBe(401);
  });
});

describe("forms list", () => {
  it("counts each form's leads", async () => {
    const form = await createPublishedForm(ctx, acme.cookie, { title: "Counted" });
    expect((await submit(ctx, form.id, QUOTE_ANSWERS)).status).toBe(201);
    expect((await submit(ctx, form.id, { ...QUOTE_ANSWERS, "f-email": "bo@example.com" })).status).toBe(201);
    const list = (await (await ctx.request("/api/forms", { cookie: acme.cookie })).json()) as TFormList;
    expect(list.forms.find((f) => f.id === form.id)?.leadCount).toBe(2);
  });
});

describe("markup typed into a form or an answer", () => {
  it("is stored and answered verbatim as JSON text, never as HTML", async () => {
    const form = await createPublishedForm(ctx, acme.cookie, {
      title: XSS,
      description: XSS,
      fields: [
        ...QUOTE_FIELDS.filter((f) => f.id !== "f-details"),
        { id: "f-details", type: "textarea", label: XSS, helpText: XSS, required: false },
      ],
    });
    const publicRes = await ctx.request(`/api/public/forms/${form.id}`);
    expect(publicRes.headers.get("content-type")).toMatch(/^application\/json/);
    const publicForm = (await publicRes.json()) as TPublicForm;
    expect(publicForm.title).toBe(XSS);
    expect(publicForm.fields.find((f) => f.id === "f-details")).toMatchObject({ label: XSS, helpText: XSS });

    const res = await submit(ctx, form.id, { ...QUOTE_ANSWERS, "f-name": XSS, "f-details": XSS });
    expect(res.status).toBe(201);
    const { leadId } = (await res.json()) as { leadId: string };
    const lead = (await (
      await ctx.request(`/api/leads/${leadId}`, { cookie: acme.cookie })
    ).json()) as TLeadDetail;
    expect(lead.fields).toContainEqual({ fieldId: "f-details", label: XSS, value: XSS });

    const csv = await (
      await ctx.request(`/api/leads/export?formId=${form.id}`, { cookie: acme.cookie })
    ).text();
    // CSV cells starting with a formula character are neutralised; markup stays plain text.
    expect(csv).toContain("<img src=x onerror=");
  });
});

describe("public form page data", () => {
  it("answers the 001 not-found text for a draft, another company's id format and a malformed id", async () => {
    const draft = await createForm(ctx, acme.cookie, { title: "Still a draft" });
    for (const id of [draft.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await ctx.request(`/api/public/forms/${id}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED,
      );
    }
  });

  it("serves the auto-resizing embed script", async () => {
    const res = await ctx.request("/api/public/embed.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    const script = await res.text();
    expect(script).toContain("leadpost:form-height");
    expect(script).toContain('/embed?"');
  });
});
