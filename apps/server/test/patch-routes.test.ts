import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBuyer, createLead, createUser, giveLead, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { QUOTE_FIELDS } from "./helpers/forms";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// Generated over the OpenAPI document: every PATCH route (and every PUT whose body requires nothing,
// i.e. an edit by another verb) is driven one body field at a time. The resource is created with
// values that differ from every default, one field is changed, the resource is read back, and every
// other field must be exactly as it was. A new PATCH route fails the first test until it has a recipe.

type TJsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: TJsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, TJsonSchema>;
  required?: string[];
};
type TOperation = { requestBody?: { content?: Record<string, { schema?: TJsonSchema }> } };
type TRecord = Record<string, unknown>;

type TRecipe = {
  /**
   * Creates the resource and answers the concrete path (ids filled in) and who may change it (a
   * session cookie, or headers such as an API key's Authorization).
   */
  create(): Promise<{ path: string; cookie: string; headers?: Record<string, string> }>;
  /** Reads the resource back as the product shows it. */
  read(path: string, cookie: string): Promise<TRecord>;
  /** Values to change a field to, for fields a schema cannot invent (ids, phone numbers, lists). */
  values?: Record<string, unknown[]>;
  /** The key a body field is read back under, when it differs. */
  readKey?: Record<string, string>;
  /** Read keys that follow from a body field (a new zip moves the location). */
  derived?: Record<string, string[]>;
  /** Body fields the product never changes once set (002 §4: a number's type). */
  immutable?: string[];
};

let ctx: TTestContext;
let owner: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let buyerCookie: string;
let buyerId: string;
let leadId: string;
let secondNicheId: string;
const routingIds: string[] = [];
let document: { paths: Record<string, Record<string, TOperation>> };

const call = async (path: string, cookie: string, method = "GET", json?: unknown) => {
  const res = await ctx.request(path, { method, cookie, json });
  const body = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${body}`);
  return JSON.parse(body) as TRecord;
};
const listed =
  (key: string, id: string, idKey = "id") =>
  async (path: string, cookie: string) => {
    const list = (await call(path, cookie))[key] as TRecord[];
    const found = list.find((item) => item[idKey] === id);
    if (!found) throw new Error(`${id} not in ${path}`);
    return found;
  };

beforeAll(async () => {
  // Twilio is nowhere: the credential check on save gets no answer (port 9 refuses at once).
  ctx = await createTestContext({ TWILIO_API_BASE_URL: "http://127.0.0.1:9" });
  owner = await createCompanyWithOwner(ctx, "patch-owner@acme.test", "Patch Co");
  document = (await (await ctx.request("/api/openapi.json")).json()) as typeof document;
  const niche = await call("/api/niches", owner.cookie, "POST", { name: "Plumbing", price: 25 });
  secondNicheId = ((niche.niche as TRecord).id as string) ?? "";
  for (const [label, phoneNumber] of [
    ["Office", "+13035550001"],
    ["Cell", "+13035550002"],
  ] as const) {
    const r = await call("/api/calls/routing-numbers", owner.cookie, "POST", { label, phoneNumber });
    routingIds.push((r.routingNumber as TRecord).id as string);
  }
  const userId = await createUser(ctx, "portal-buyer@acme.test");
  const buyer = await createBuyer(ctx, {
    companyId: owner.companyId,
    nicheId: owner.nicheId,
    userId,
    email: "portal-buyer@acme.test",
  });
  buyerId = buyer.id;
  const lead = await createLead(ctx, { companyId: owner.companyId, nicheId: owner.nicheId, name: "Ann Lee" });
  leadId = lead.id;
  await giveLead(ctx, { companyId: owner.companyId, buyerId, leadId, preview: false });
  buyerCookie = await signInBuyer(ctx, "portal-buyer@acme.test");
}, 120_000);
afterAll(() => ctx.close());

/** A delivery endpoint of the portal buyer (docs/lead-delivery.md), read back from the company's list. */
async function deliveryEndpoint(base: string, cookie: string, headers?: Record<string, string>) {
  const res = await ctx.request(`${base}/delivery-endpoints`, {
    method: "POST",
    cookie,
    headers,
    json: {
      name: "Bea's CRM",
      url: "https://crm.example.com/leads",
      format: "form",
      fieldMap: { name: "full_name" },
      enabled: false,
    },
  });
  if (res.status !== 201) throw new Error(`endpoint not made: ${res.status} ${await res.text()}`);
  const { endpoint } = (await res.json()) as { endpoint: { id: string } };
  return { path: `${base}/delivery-endpoints/${endpoint.id}`, cookie, headers };
}
const deliveryEndpointRecipe = (create: TRecipe["create"]): TRecipe => ({
  create,
  read: (path, _cookie) =>
    listed("endpoints", path.split("/").pop() ?? "")(
      `/api/buyers/${buyerId}/delivery-endpoints`,
      owner.cookie,
    ),
  values: { url: ["https://crm.example.com/other"], fieldMap: [{ zip_code: "postal" }] },
});

let keyHeaders: Record<string, string> | undefined;
/** The owner's API key, made once: the Lead API's edit routes are driven with it. */
async function apiKey() {
  if (!keyHeaders) {
    const key = await call("/api/settings/api-keys", owner.cookie, "POST", {
      name: "Patch key",
      environment: "production",
    });
    keyHeaders = { authorization: `Bearer ${key.secret}` };
  }
  return keyHeaders;
}
/** A Lead API edit route read back where the product shows it: the same resource's session route. */
const readOver =
  (sessionPath: (path: string) => string): TRecipe["read"] =>
  (path) =>
    call(sessionPath(path), owner.cookie);

const recipes: Record<string, TRecipe> = {
  "PATCH /api/returns/settings": {
    async create() {
      await call("/api/returns/settings", owner.cookie, "PATCH", {
        windowDays: 7,
        reasons: ["Wrong number", "Duplicate", "Out of area"],
        autoApprovePhoneInvalid: false,
        resellOnApprove: false,
      });
      return { path: "/api/returns/settings", cookie: owner.cookie };
    },
    read: async (path, cookie) => (await call(path, cookie)) as TRecord,
    values: { windowDays: [10], reasons: [["Wrong number", "Not interested"]] },
  },
  "PATCH /api/buyers/{buyerId}/delivery-endpoints/{endpointId}": deliveryEndpointRecipe(() =>
    deliveryEndpoint(`/api/buyers/${buyerId}`, owner.cookie),
  ),
  "PATCH /api/buyer-portal/delivery-endpoints/{endpointId}": deliveryEndpointRecipe(() =>
    deliveryEndpoint("/api/buyer-portal", buyerCookie),
  ),
  "PATCH /api/v1/buyers/{buyerId}/delivery-endpoints/{endpointId}": deliveryEndpointRecipe(async () =>
    deliveryEndpoint(`/api/v1/buyers/${buyerId}`, "", await apiKey()),
  ),
  "PATCH /api/v1/buyers/{buyerId}/caps": {
    async create() {
      const r = await call("/api/buyers", owner.cookie, "POST", {
        contactName: "Cap Buyer",
        email: "caps@roofing.example.com",
        zipCode: "80202",
        nicheId: owner.nicheId,
      });
      const id = (r.buyer as TRecord).id as string;
      await call(`/api/buyers/${id}`, owner.cookie, "PATCH", {
        dailyCap: 5,
        weeklyCap: 20,
        monthlyCap: 60,
        spendCapCredits: 300,
        timeZone: "America/Denver",
        deliveryHours: [{ from: 480, to: 1080 }, null, null, null, null, null, null],
      });
      return { path: `/api/v1/buyers/${id}/caps`, cookie: "", headers: await apiKey() };
    },
    read: readOver((path) => path.replace("/api/v1/buyers/", "/api/buyers/").replace("/caps", "")),
    values: {
      deliveryHours: [[null, { from: 540, to: 1020 }, null, null, null, null, null]],
      timeZone: ["America/Los_Angeles"],
      pausedUntil: [() => new Date(Date.now() + 86_400_000).toISOString()],
    },
  },
  "PATCH /api/v1/buyers/{buyerId}/distribution": {
    async create() {
      const path = `/api/v1/buyers/${buyerId}/distribution`;
      await call(path.replace("/v1", ""), owner.cookie, "PATCH", {
        bids: [{ nicheId: owner.nicheId, credits: 11 }],
        leadFilters: [{ fieldId: "service", operator: "is", values: ["Roof repair"] }],
      });
      return { path, cookie: "", headers: await apiKey() };
    },
    read: readOver((path) => path.replace("/v1", "")),
    values: {
      bids: [() => [{ nicheId: owner.nicheId, credits: 21 }]],
      leadFilters: [[{ fieldId: "owner", operator: "is_not", values: ["Yes"] }]],
    },
  },
  "PATCH /api/v1/forms/{formId}/distribution": {
    async create() {
      const r = await call("/api/forms", owner.cookie, "POST", {
        title: "Form distributed by key",
        fields: QUOTE_FIELDS,
        nicheId: owner.nicheId,
      });
      const path = `/api/v1/forms/${r.id}/distribution`;
      await call(path.replace("/v1", ""), owner.cookie, "PATCH", {
        method: "priority",
        buyers: [{ buyerId, weight: 3 }],
      });
      return { path, cookie: "", headers: await apiKey() };
    },
    read: readOver((path) => path.replace("/v1", "")),
    values: { method: ["weighted"], buyers: [[]] },
  },
  "PATCH /api/niches/{nicheId}": {
    async create() {
      const r = await call("/api/niches", owner.cookie, "POST", { name: "Gutters", price: 12.5 });
      return { path: `/api/niches/${(r.niche as TRecord).id}`, cookie: owner.cookie };
    },
    read: (path, cookie) => listed("niches", path.split("/").pop() ?? "")("/api/niches", cookie),
  },
  "PATCH /api/forms/{formId}": {
    async create() {
      const r = await call("/api/forms", owner.cookie, "POST", {
        title: "Roof quote",
        fields: QUOTE_FIELDS,
        description: "Tell us about your roof",
        isActive: false,
        enableMultistep: true,
        progressPosition: "bottom",
        showTitle: false,
        showDescription: false,
        backgroundColor: "#fafafa",
        backgroundOpacity: 90,
        textColor: "#111111",
        accentColor: "#224466",
        accentOpacity: 20,
        submitButtonColor: "#336699",
        submitButtonPosition: "left",
        submitButtonWidth: "full",
        successMessage: "Thanks!",
        redirectBehavior: "redirect",
        redirectUrl: "https://example.com/thanks",
        nicheId: owner.nicheId,
        buyerIds: [buyerId],
        saleCap: 3,
        consentText: "I agree to be contacted.",
        embedOrigins: ["https://roofs.example.com"],
        emailRouting: [{ email: "router@example.com", city: "Denver", status: "inactive" }],
      });
      return { path: `/api/forms/${r.id}`, cookie: owner.cookie };
    },
    read: (path, cookie) => call(path, cookie),
    values: {
      fields: [QUOTE_FIELDS.slice(0, 3)],
      emailRouting: [[{ email: "second@example.com", zipCode: "80202", radius: 10 }]],
      nicheId: [() => secondNicheId],
      buyerIds: [[]],
      redirectUrl: ["https://example.com/other"],
      backgroundColor: ["#000000"],
      textColor: ["#ffffff"],
      accentColor: ["#ff0000"],
      submitButtonColor: ["#00ff00"],
      embedOrigins: [["https://other.example.com"]],
    },
  },
  "PATCH /api/buyers/{buyerId}": {
    async create() {
      const r = await call("/api/buyers", owner.cookie, "POST", {
        contactName: "Bea Buyer",
        companyName: "Bea Roofing",
        email: "bea@roofing.example.com",
        phoneNumber: "(303) 555-0142",
        address: "1 Main St",
        city: "Denver",
        state: "CO",
        zipCode: "80202",
        serviceRadius: 75,
        serviceType: "Repairs",
        nicheId: owner.nicheId,
        allYouCanEatEnabled: true,
        costPerLead: 30,
        prepaidLeadsTotal: 10,
        prepaidLeadsRemaining: 4,
      });
      return { path: `/api/buyers/${(r.buyer as TRecord).id}`, cookie: owner.cookie };
    },
    read: (path, cookie) => call(path, cookie),
    values: {
      phoneNumber: ["720-555-0199"],
      zipCode: ["80123"],
      nicheId: [() => secondNicheId],
      email: ["bea.two@roofing.example.com"],
      prepaidLeadsTotal: [12],
      prepaidLeadsRemaining: [5],
      deliveryHours: [[null, { from: 480, to: 1080 }, null, null, null, null, null]],
      timeZone: ["America/Los_Angeles"],
      pausedUntil: [() => new Date(Date.now() + 86_400_000).toISOString()],
    },
    readKey: { nicheId: "niche" },
    derived: {
      zipCode: ["latitude", "longitude"],
      nicheId: ["effectivePrice", "costPerLeadCredits"],
      costPerLead: ["effectivePrice", "costPerLeadCredits"],
    },
  },
  "PATCH /api/forms/{formId}/distribution": {
    async create() {
      const r = await call("/api/forms", owner.cookie, "POST", {
        title: "Distributed form",
        fields: QUOTE_FIELDS,
        nicheId: owner.nicheId,
      });
      const path = `/api/forms/${r.id}/distribution`;
      await call(path, owner.cookie, "PATCH", { method: "priority", buyers: [{ buyerId, weight: 3 }] });
      return { path, cookie: owner.cookie };
    },
    read: (path, cookie) => call(path, cookie),
    values: { method: ["weighted"], buyers: [[]] },
  },
  "PATCH /api/buyers/{buyerId}/distribution": {
    async create() {
      const path = `/api/buyers/${buyerId}/distribution`;
      await call(path, owner.cookie, "PATCH", {
        bids: [{ nicheId: owner.nicheId, credits: 10 }],
        leadFilters: [{ fieldId: "service", operator: "is", values: ["Roof repair"] }],
      });
      return { path, cookie: owner.cookie };
    },
    read: (path, cookie) => call(path, cookie),
    values: {
      bids: [() => [{ nicheId: owner.nicheId, credits: 20 }]],
      leadFilters: [[{ fieldId: "owner", operator: "is_not", values: ["No"] }]],
    },
  },
  "PATCH /api/buyer-portal/leads/{leadId}": {
    async create() {
      return { path: `/api/buyer-portal/leads/${leadId}`, cookie: buyerCookie };
    },
    read: (_path, cookie) => listed("leads", leadId, "leadId")("/api/buyer-portal/leads", cookie),
  },
  "PATCH /api/buyer-portal/profile": {
    async create() {
      await call("/api/buyer-portal/profile", buyerCookie, "PATCH", {
        contactName: "Portal Person",
        companyName: "Portal Co",
        phoneNumber: "303-555-0177",
      });
      return { path: "/api/buyer-portal/profile", cookie: buyerCookie };
    },
    read: (path, cookie) => call(path, cookie),
    values: { phoneNumber: ["(720) 555-0123"] },
  },
  "PATCH /api/calls/settings": {
    async create() {
      await call("/api/calls/settings", owner.cookie, "PATCH", {
        routingStrategy: "round_robin",
        recordCalls: true,
        voicemailEnabled: true,
        transcribeVoicemail: true,
      });
      return { path: "/api/calls/settings", cookie: owner.cookie };
    },
    read: async (path, cookie) => (await call(path, cookie)).settings as TRecord,
    // 002 §4: transcription needs voicemail; each switch may move the other.
    derived: { voicemailEnabled: ["transcribeVoicemail"], transcribeVoicemail: ["voicemailEnabled"] },
  },
  "PUT /api/settings/company": {
    async create() {
      await call("/api/settings/company", owner.cookie, "PUT", {
        name: "Patch Co Renamed",
        creditValueUsd: 2.5,
        emailDomain: "mail.patch.example.com",
        adminEmail: "admin@patch.example.com",
        senderEmail: "leads@patch.example.com",
        resendApiKey: "re_first_key_1234",
        resendWebhookSecret: "whsec_Zmlyc3Qtc2lnbmluZy1zZWNyZXQ=",
        twilioAccountSid: "AC00000000000000000000000000000001",
        twilioAuthToken: "first-token-0001",
        twilioWebhookBaseUrl: "https://hooks.patch.example.com",
        googleMapsApiKey: "maps-key-0000000001",
        mapboxToken: "pk.mapbox-token",
        stripePublishableKey: "pk_live_1",
        stripeTestPublishableKey: "pk_test_1",
        stripeSecretKey: "sk_live_0001",
        stripeTestSecretKey: "sk_test_0001",
        paypalClientId: "paypal-live-client",
        paypalSecret: "paypal-live-secret-1",
        paypalSandboxClientId: "paypal-sandbox-client",
        paypalSandboxSecret: "paypal-sandbox-secret-1",
      });
      return { path: "/api/settings/company", cookie: owner.cookie };
    },
    read: (path, cookie) => call(path, cookie),
    values: {
      adminEmail: ["boss@patch.example.com"],
      senderEmail: ["hello@patch.example.com"],
      twilioWebhookBaseUrl: ["https://calls.patch.example.com"],
      twilioAccountSid: ["AC00000000000000000000000000000002"],
    },
    readKey: Object.fromEntries(
      [
        "resendApiKey",
        "resendWebhookSecret",
        "twilioAuthToken",
        "googleMapsApiKey",
        "stripeSecretKey",
        "stripeTestSecretKey",
        "paypalSecret",
        "paypalSandboxSecret",
      ].map((secret) => [secret, `${secret}Last4`]),
    ),
    derived: {
      twilioWebhookBaseUrl: ["callForwardingUrl", "statusCallbackUrl"],
      // A new SID or token is checked against Twilio when saved (no Twilio here: the check fails).
      twilioAccountSid: ["twilioVerification", "twilioCheckedAt"],
      twilioAuthToken: ["twilioVerification", "twilioCheckedAt"],
    },
  },
  "PATCH /api/calls/phone-numbers/{id}": {
    async create() {
      const r = await call("/api/calls/phone-numbers", owner.cookie, "POST", {
        phoneNumber: "+15557770042",
        description: "Main line",
        type: "twilio",
        routingStrategy: "round_robin",
        routeTo: [routingIds[0]],
        routeToVoicemail: true,
        isActive: false,
        recordingEnabled: true,
        recordingMessage: "We record calls.",
        voicemailGreeting: "Leave a message.",
        voicemailVoice: "Polly.Amy",
        transcribeVoicemail: true,
      });
      return { path: `/api/calls/phone-numbers/${(r.phoneNumber as TRecord).id}`, cookie: owner.cookie };
    },
    read: (path, cookie) =>
      listed("phoneNumbers", path.split("/").pop() ?? "")("/api/calls/phone-numbers", cookie),
    values: {
      phoneNumber: ["(555) 777-0043"],
      routeTo: [() => [routingIds[1]]],
      voicemailVoice: ["man"],
    },
    immutable: ["type"],
  },
  "PUT /api/calls/agents/{id}": {
    async create() {
      const r = await call("/api/calls/agents", owner.cookie, "POST", {
        name: "Ada Agent",
        phoneNumber: "+13035550155",
        status: "busy",
        sequenceOrder: 4,
      });
      return { path: `/api/calls/agents/${(r.agent as TRecord).id}`, cookie: owner.cookie };
    },
    read: (path, cookie) => listed("agents", path.split("/").pop() ?? "")("/api/calls/agents", cookie),
    values: { phoneNumber: ["720 555 0100"] },
  },
};

/** PATCH routes, and PUT routes whose body names no required field (edits by another verb). */
function editRoutes() {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => {
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      if (!schema?.properties) return [];
      const partialPut = method === "put" && (schema.required ?? []).length === 0;
      return method === "patch" || partialPut ? [{ key: `${method.toUpperCase()} ${path}`, schema }] : [];
    }),
  );
}

const nonNull = (s: TJsonSchema): TJsonSchema => {
  if (s.anyOf) return nonNull(s.anyOf.find((o) => o.type !== "null" && !o.enum?.includes("")) ?? s.anyOf[0]!);
  if (Array.isArray(s.type)) return { ...s, type: s.type.find((t) => t !== "null") };
  return s;
};

/** A valid value for the field that differs from the current one. */
function changedValue(recipe: TRecipe, field: string, schema: TJsonSchema, current: unknown): unknown {
  for (const candidate of recipe.values?.[field] ?? []) {
    const value = typeof candidate === "function" ? (candidate as () => unknown)() : candidate;
    if (!isDeepStrictEqual(value, current)) return value;
  }
  const s = nonNull(schema);
  if (s.enum) return s.enum.find((v) => v !== current);
  if (s.type === "boolean") return !current;
  if (s.type === "integer" || s.type === "number") {
    const next = (typeof current === "number" ? current : (s.minimum ?? 0)) + 1;
    return next <= (s.maximum ?? Number.MAX_SAFE_INTEGER) ? next : (s.minimum ?? 0);
  }
  if (s.type === "string" && !s.format && !s.pattern) {
    const text = `Changed ${field} text`.slice(0, s.maxLength ?? 100);
    return text.padEnd(s.minLength ?? 0, "x");
  }
  throw new Error(`the recipe must give a value for ${field} (${JSON.stringify(s)})`);
}

describe("every edit route changes only the fields it names", () => {
  it("has a recipe for every PATCH route of the OpenAPI document", () => {
    const routes = editRoutes().map((r) => r.key);
    expect(routes.length).toBeGreaterThanOrEqual(6);
    expect(routes.filter((key) => !recipes[key])).toEqual([]);
  });

  it.each(Object.keys(recipes))(
    "%s: one field changed, every other field unchanged",
    async (key) => {
      const route = editRoutes().find((r) => r.key === key);
      expect(route, `${key} is in the OpenAPI document`).toBeTruthy();
      const recipe = recipes[key]!;
      const method = key.split(" ")[0]!;
      const { path, cookie, headers } = await recipe.create();
      const required = route!.schema.required ?? [];
      const problems: string[] = [];
      for (const [field, fieldSchema] of Object.entries(route!.schema.properties ?? {})) {
        const before = await recipe.read(path, cookie);
        const readKey = recipe.readKey?.[field] ?? field;
        const currentValue =
          readKey === field ? before[field] : ((before[readKey] as TRecord | null)?.id ?? before[readKey]);
        const body: TRecord = Object.fromEntries(required.map((r) => [r, before[r]]));
        body[field] = changedValue(recipe, field, fieldSchema, currentValue);
        const res = await ctx.request(path, { method, cookie, headers, json: body });
        if (res.status !== 200) {
          problems.push(`${field}: ${res.status} ${await res.text()}`);
          continue;
        }
        const after = await recipe.read(path, cookie);
        const allowed = new Set([readKey, "updatedAt", ...(recipe.derived?.[field] ?? [])]);
        for (const k of Object.keys(before)) {
          if (allowed.has(k) || isDeepStrictEqual(before[k], after[k])) continue;
          problems.push(
            `PATCH of ${field} changed ${k}: ${JSON.stringify(before[k])} → ${JSON.stringify(after[k])}`,
          );
        }
        const changed = !isDeepStrictEqual(before[readKey], after[readKey]);
        if (recipe.immutable?.includes(field) ? changed : !changed) {
          problems.push(`${field} ${changed ? "changed though it never changes" : "did not change"}`);
        }
      }
      expect(problems).toEqual([]);
    },
    60_000,
  );
});
