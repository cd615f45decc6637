import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import createClient from "openapi-fetch";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiPathsSource, servedOpenApiDocument, WEB_PATHS_FILE } from "../src/openapi-paths";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS } from "./helpers/forms";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
/** The types `npm run api:generate` writes for the served document, generated once for both tests. */
let generated: string;

beforeAll(async () => {
  ctx = await createTestContext();
  // Generating types for the whole document takes a while on a busy machine: once per run, not per test.
  generated = await openApiPathsSource(await servedOpenApiDocument({ database: ctx.database }));
}, 120_000);
afterAll(() => ctx.close());

describe("the web app's typed client paths", () => {
  it("match the OpenAPI document the server serves (else run npm run api:generate)", () => {
    const checkedIn = readFileSync(WEB_PATHS_FILE, "utf8");
    const lines = checkedIn.split("\n");
    const firstDifference = generated.split("\n").findIndex((line, i) => line !== lines[i]);
    expect(
      generated === checkedIn
        ? "current"
        : `stale from line ${firstDifference + 1}: run npm run api:generate`,
    ).toBe("current");
  });
});

/** The integrator's side: typed calls against the generated `paths`, checked by the compiler below. */
const CLIENT_SOURCE = `
import createClient from "openapi-fetch";
import type { paths } from "./leadpost-api";

export async function postLead(baseUrl: string, key: string, formId: string, formData: Record<string, string>) {
  const client = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${key}\` } });
  const { data, error } = await client.POST("/api/v1/forms/{formId}/leads", {
    params: { path: { formId } },
    body: { formData },
  });
  if (error) throw new Error(error.error.message);
  const leadId: string = data.leadId;
  const list = await client.GET("/api/v1/leads", { params: { query: { limit: 10 } } });
  return { leadId, leads: list.data?.leads ?? [] };
}
`;

describe("typed client generated from the OpenAPI document", () => {
  // Compiles the types of the whole document, which grows with every documented route: a longer limit.
  it("generates types that compile, and posts a lead with an API key", async () => {
    expect(generated).toContain('"/api/v1/forms/{formId}/leads"');

    const dir = mkdtempSync(join(tmpdir(), "leadpost-client-"));
    writeFileSync(join(dir, "leadpost-api.ts"), generated);
    writeFileSync(join(dir, "client.ts"), CLIENT_SOURCE);
    const program = ts.createProgram([join(dir, "client.ts")], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      typeRoots: [],
      types: [],
      baseUrl: process.cwd(),
      paths: {
        "openapi-fetch": [
          join(
            dirname(createRequire(import.meta.url).resolve("openapi-fetch/package.json")),
            "dist/index.d.mts",
          ),
        ],
      },
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);

    // The same calls at run time, against the app.
    const owner = await createCompanyWithOwner(ctx, "owner@typed-client.test", "Typed Client Co");
    const form = await createPublishedForm(ctx, owner.cookie);
    const keyRes = await ctx.request("/api/settings/api-keys", {
      method: "POST",
      cookie: owner.cookie,
      json: { name: "Typed client", environment: "sandbox" },
    });
    const { secret } = (await keyRes.json()) as { secret: string };
    type TPaths = {
      "/api/v1/forms/{formId}/leads": {
        post: {
          parameters: { path: { formId: string } };
          requestBody: { content: { "application/json": { formData: Record<string, string> } } };
          responses: { 201: { content: { "application/json": { leadId: string } } } };
        };
      };
    };
    const client = createClient<TPaths>({
      baseUrl: TEST_ORIGIN,
      headers: { authorization: `Bearer ${secret}` },
      fetch: (req) => Promise.resolve(ctx.app.request(req)),
    });
    const { data, response } = await client.POST("/api/v1/forms/{formId}/leads", {
      params: { path: { formId: form.id } },
      body: { formData: QUOTE_ANSWERS },
    });
    expect(response.status).toBe(201);
    expect(data?.leadId).toMatch(/^[0-9a-f-]{36}$/);
  }, 90_000);
});
