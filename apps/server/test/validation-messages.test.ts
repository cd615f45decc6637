import type { TApiError, TFormDetail } from "@leadpost/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { QUOTE_FIELDS } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
let acme: Awaited<ReturnType<typeof createCompanyWithOwner>>;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createCompanyWithOwner(ctx, "owner@acme-words.test", "Acme Words");
});
afterAll(() => ctx.close());

const SCHEMA_PATH = /\b\w+\.\d+(\.\w+)*\s*:/;
const LIBRARY_TEXT = /Too small|Too big|expected \w+ to have|Invalid input|received undefined/;

describe("a choice field with empty option lines", () => {
  it("is saved with the empty lines dropped", async () => {
    const fields = [
      ...QUOTE_FIELDS,
      {
        id: "f-pick",
        type: "select",
        label: "Pick one",
        required: false,
        options: ["Red", "", "  ", "Blue", ""],
      },
    ];
    const res = await ctx.request("/api/forms", {
      method: "POST",
      cookie: acme.cookie,
      json: { title: "Options", fields },
    });
    expect(res.status).toBe(201);
    const form = (await res.json()) as TFormDetail;
    expect(form.fields.find((f) => f.id === "f-pick")?.options).toEqual(["Red", "Blue"]);
  });
});

describe("validation failures", () => {
  it("name the field in words and say what to do, never a schema path", async () => {
    const fields = [
      ...QUOTE_FIELDS,
      { id: "f-long", type: "select", label: "Pick", required: false, options: ["x".repeat(501)] },
    ];
    const res = await ctx.request("/api/forms", {
      method: "POST",
      cookie: acme.cookie,
      json: { title: "", fields },
    });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as TApiError;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).not.toMatch(SCHEMA_PATH);
    expect(error.message).not.toMatch(LIBRARY_TEXT);
    const messages = Object.values(error.fields ?? {}).flat();
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message).not.toMatch(SCHEMA_PATH);
      expect(message).not.toMatch(LIBRARY_TEXT);
    }
    const optionKey = Object.keys(error.fields ?? {}).find((k) => k.endsWith("options.0"));
    expect(optionKey).toBeDefined();
    expect(error.fields?.[optionKey ?? ""]?.[0]).toBe(
      `Field ${QUOTE_FIELDS.length + 1}, option 1 must be at most 500 characters long.`,
    );
  });

  it("a missing value says it is required", async () => {
    const res = await ctx.request("/api/niches", { method: "POST", cookie: acme.cookie, json: {} });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as TApiError;
    expect(error.message).not.toMatch(LIBRARY_TEXT);
    expect(error.message).toMatch(/^Name /);
  });
});
