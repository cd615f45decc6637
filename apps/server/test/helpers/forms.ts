import type { TFormDetail, TFormFieldInput } from "@leadpost/shared";
import { retryFailedRouting } from "../../src/modules/lead-distribution";
import type { TTestContext } from "./test-app";

/** A roofing quote form like the demo one: name, phone, e-mail, zip, a service choice and details. */
export const QUOTE_FIELDS: TFormFieldInput[] = [
  { id: "f-heading", type: "heading", label: "Get a quote", required: false, headingLevel: 2 },
  { id: "f-name", type: "text", label: "Full name", required: true },
  { id: "f-phone", type: "tel", label: "Phone", required: true },
  { id: "f-email", type: "email", label: "Email", required: true },
  { id: "f-zip", type: "text", label: "Zip code", required: true },
  {
    id: "f-service",
    type: "select",
    label: "Service needed",
    required: true,
    options: ["Roof repair", "Full replacement"],
  },
  { id: "f-details", type: "textarea", label: "Details", required: false },
  { id: "f-submit", type: "submit", label: "Send", required: false },
];

export const QUOTE_ANSWERS = {
  "f-name": "Ann Lee",
  "f-phone": "(303) 555-0100",
  "f-email": "ann@example.com",
  "f-zip": "80202",
  "f-service": "Roof repair",
  "f-details": "Leaks near the chimney",
};

export async function createForm(
  ctx: TTestContext,
  cookie: string,
  body: Record<string, unknown> = {},
): Promise<TFormDetail> {
  const res = await ctx.request("/api/forms", {
    method: "POST",
    cookie,
    json: { title: "Roof quote", fields: QUOTE_FIELDS, ...body },
  });
  if (res.status !== 201) throw new Error(`form create failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as TFormDetail;
}

export async function createPublishedForm(
  ctx: TTestContext,
  cookie: string,
  body: Record<string, unknown> = {},
) {
  const form = await createForm(ctx, cookie, body);
  const res = await ctx.request(`/api/forms/${form.id}/publish`, { method: "POST", cookie });
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${await res.text()}`);
  return form;
}

/** A visitor's submission as the public page sends it: a human fill time unless told otherwise. */
export function submit(
  ctx: TTestContext,
  formId: string,
  formData: Record<string, unknown> = QUOTE_ANSWERS,
  opts: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  return ctx.request(`/api/public/forms/${formId}/submissions`, {
    method: "POST",
    headers: opts.headers,
    json: { formData, fillTimeMs: 8000, ...opts.body },
  });
}

/**
 * A submission followed by the routing worker's work, driven here rather than waited for: the visitor
 * is answered first and the lead routed after (modules/submissions/routing-worker.ts).
 */
export async function submitAndRoute(
  ctx: TTestContext,
  formId: string,
  formData: Record<string, unknown> = QUOTE_ANSWERS,
  opts: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const res = await submit(ctx, formId, formData, opts);
  await retryFailedRouting(ctx.deps);
  return res;
}
