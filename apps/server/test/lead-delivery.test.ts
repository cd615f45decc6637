import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  LEAD_DELIVERY_MESSAGES,
  LEAD_DELIVERY_VERIFY_SNIPPET,
  type TDeliveryEndpointWithSecret,
  type TDeliveryLog,
  type TTestDeliveryResult,
} from "@leadpost/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryEndpoints, endpointDeliveries, userRoles } from "../src/db/schema";
import { runDelivery, runDeliveryJob } from "../src/modules/lead-delivery/deliveries";
import { postTo } from "../src/modules/lead-delivery/http-post";
import { routeLead } from "../src/modules/lead-distribution";
import { createBuyer, createLead, createUser, giveLead, signInBuyer } from "./helpers/buyer-portal";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { addBuyer, addLead } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

// docs/lead-delivery.md: signed deliveries with retries, the address guard, the log, who manages what.

type TReceived = { headers: IncomingMessage["headers"]; body: string };
type THandler = (req: IncomingMessage, res: ServerResponse) => void;

/** A buyer's system on 127.0.0.1: answers each request with the next scripted handler (then 200). */
function startReceiver() {
  const received: TReceived[] = [];
  const script: THandler[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const handler = script.shift() ?? ((_q, r) => r.writeHead(200).end('{"ok":true}'));
      handler(req, res);
    });
  });
  return new Promise<{ url: string; received: TReceived[]; script: THandler[]; close(): void }>((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/hook`,
        received,
        script,
        close: () => server.closeAllConnections() ?? server.close(),
      });
    });
  });
}

const answer =
  (status: number, body = "") =>
  (_req: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { "content-type": "application/json" }).end(body);
/** Never answers: the attempt must give up on its own timeout. */
const hang = () => {};

let ctx: TTestContext;
/** The same database with no allowlist: 127.0.0.1 is refused like any other loopback address. */
let strict: TTestContext;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let co: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let other: Awaited<ReturnType<typeof createCompanyWithOwner>>;
let verify: (body: string, header: string, secret: string) => boolean;

beforeAll(async () => {
  ctx = await createTestContext({
    LEAD_DELIVERY_ALLOWED_HOSTS: "127.0.0.1",
    LEAD_DELIVERY_TIMEOUT_SECONDS: "5",
  });
  strict = await createTestContext({}, { database: ctx.database });
  receiver = await startReceiver();
  co = await createCompanyWithOwner(ctx, "owner@delivery.test", "Delivery Co");
  other = await createCompanyWithOwner(ctx, "owner@delivery-other.test", "Other Delivery Co");
  // The documented snippet, as printed in the docs, is the code that verifies the signatures below.
  const docs = readFileSync(join(__dirname, "../../../docs/lead-delivery.md"), "utf8");
  expect(docs).toContain(LEAD_DELIVERY_VERIFY_SNIPPET);
  const file = join(tmpdir(), `verify-${randomUUID()}.mjs`);
  writeFileSync(file, LEAD_DELIVERY_VERIFY_SNIPPET);
  const mod = (await import(pathToFileURL(file).href)) as {
    verifyLeadpostSignature: (b: string, h: string, s: string) => boolean;
  };
  verify = mod.verifyLeadpostSignature;
}, 60_000);
afterAll(async () => {
  receiver.close();
  await ctx.close();
});

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string[]> } })
    .error;

async function addEndpoint(
  buyerId: string,
  body: Record<string, unknown> = {},
  cookie = co.cookie,
): Promise<TDeliveryEndpointWithSecret> {
  const res = await ctx.request(`/api/buyers/${buyerId}/delivery-endpoints`, {
    method: "POST",
    cookie,
    json: { name: "CRM", url: receiver.url, ...body },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as TDeliveryEndpointWithSecret;
}

/** A lead the company assigns to the buyer in full (a delivery moment), with its delivery ids. */
async function assignNewLead(buyerId: string) {
  const lead = await addLead(ctx, co.companyId, {
    name: "Ann Lee",
    email: "ann@example.com",
    phone: "3035550111",
  });
  const res = await ctx.request(`/api/leads/${lead.id}/assignments`, {
    method: "POST",
    cookie: co.cookie,
    json: { buyerId },
  });
  expect(res.status).toBe(200);
  const rows = await ctx.database.db
    .select()
    .from(endpointDeliveries)
    .where(eq(endpointDeliveries.leadId, lead.id));
  return { lead, deliveries: rows };
}

async function leadLog(leadId: string, cookie = co.cookie) {
  const res = await ctx.request(`/api/leads/${leadId}/deliveries`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as TDeliveryLog;
}

describe("a lead delivered into the buyer's system", () => {
  it("reaches an endpoint that fails twice then answers 200 exactly once, signed, with three attempts logged", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    const { secret } = await addEndpoint(buyer.id);
    receiver.received.length = 0;
    receiver.script.push(answer(500, '{"error":"down"}'), answer(503));

    const { lead, deliveries } = await assignNewLead(buyer.id);
    expect(deliveries).toHaveLength(1);
    const id = deliveries[0]!.id;
    // The queue runs the job; a failed attempt throws so the queue retries it with its backoff.
    await expect(runDeliveryJob(ctx.deps, id)).rejects.toThrow(/retried/);
    await expect(runDeliveryJob(ctx.deps, id)).rejects.toThrow(/retried/);
    await runDeliveryJob(ctx.deps, id);
    // A repeated job (a second instance, a redelivered job) sends nothing more.
    await runDeliveryJob(ctx.deps, id);
    expect(await runDelivery(ctx.deps, id)).toBe("skipped");

    expect(receiver.received).toHaveLength(3);
    const accepted = receiver.received[2]!;
    for (const r of receiver.received) {
      expect(r.headers["x-leadpost-delivery-id"]).toBe(id);
      expect(verify(r.body, String(r.headers["x-leadpost-signature"]), secret)).toBe(true);
    }
    expect(verify(accepted.body, String(accepted.headers["x-leadpost-signature"]), "lpsec_wrong")).toBe(
      false,
    );
    expect(verify(`${accepted.body} `, String(accepted.headers["x-leadpost-signature"]), secret)).toBe(false);
    expect(receiver.received.map((r) => r.headers["x-leadpost-attempt"])).toEqual(["1", "2", "3"]);
    const payload = JSON.parse(accepted.body);
    expect(payload).toMatchObject({
      event: "lead.delivered",
      deliveryId: id,
      lead: { id: lead.id, name: "Ann Lee", email: "ann@example.com", phone: "3035550111" },
    });

    const log = await leadLog(lead.id);
    expect(log.deliveries).toHaveLength(1);
    expect(log.deliveries[0]).toMatchObject({ id, status: "accepted", endpointName: "CRM" });
    expect(log.deliveries[0]!.attempts.map((a) => [a.attempt, a.statusCode, a.outcome])).toEqual([
      [1, 500, "error"],
      [2, 503, "error"],
      [3, 200, "accepted"],
    ]);
    expect(log.deliveries[0]!.attempts[0]!.responseExcerpt).toBe('{"error":"down"}');
  });

  it("is made once per lead and endpoint however often the lead is handed over", async () => {
    const buyer = await addBuyer(ctx, co.companyId, { allYouCanEatEnabled: true });
    await addEndpoint(buyer.id);
    await addEndpoint(buyer.id, { name: "Second" });
    const lead = await addLead(ctx, co.companyId);
    await routeLead(ctx.deps, lead.id);
    await routeLead(ctx.deps, lead.id);
    const rows = await ctx.database.db
      .select()
      .from(endpointDeliveries)
      .where(eq(endpointDeliveries.leadId, lead.id));
    expect(rows.map((r) => r.endpointName).sort()).toEqual(["CRM", "Second"]);
  });

  it("times out a slow endpoint and tries again", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    await addEndpoint(buyer.id);
    receiver.script.push(hang);
    const { lead, deliveries } = await assignNewLead(buyer.id);
    const id = deliveries[0]!.id;
    // A short timeout (LEAD_DELIVERY_TIMEOUT_SECONDS=0.3): the test waits a third of a second, not 30 s.
    const config = { ...ctx.deps.config, leadDelivery: { ...ctx.deps.config.leadDelivery, timeoutMs: 300 } };
    const quick = { ...ctx.deps, config };
    await expect(runDeliveryJob(quick, id)).rejects.toThrow(/retried/);
    await runDeliveryJob(ctx.deps, id);
    const [delivery] = (await leadLog(lead.id)).deliveries;
    expect(delivery!.status).toBe("accepted");
    expect(delivery!.attempts.map((a) => [a.outcome, a.statusCode])).toEqual([
      ["timeout", null],
      ["accepted", 200],
    ]);
    expect(delivery!.attempts[0]!.durationMs).toBeLessThan(5000);
  });

  it("records a rejection with the buyer's reason and does not retry it", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    await addEndpoint(buyer.id);
    receiver.script.push(answer(200, '{"status":"rejected","reason":"Outside our area"}'));
    const { lead, deliveries } = await assignNewLead(buyer.id);
    await runDeliveryJob(ctx.deps, deliveries[0]!.id);
    const [delivery] = (await leadLog(lead.id)).deliveries;
    expect(delivery).toMatchObject({ status: "rejected", reason: "Outside our area" });
    expect(await runDelivery(ctx.deps, deliveries[0]!.id)).toBe("skipped");
  });

  it("sends form-encoded fields under the buyer's names", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    await addEndpoint(buyer.id, { format: "form", fieldMap: { name: "full_name", zip_code: "postal" } });
    receiver.received.length = 0;
    const { lead, deliveries } = await assignNewLead(buyer.id);
    await runDeliveryJob(ctx.deps, deliveries[0]!.id);
    const [req] = receiver.received;
    expect(req!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(req!.body);
    expect(form.get("full_name")).toBe("Ann Lee");
    expect(form.get("postal")).toBe("80202");
    expect(form.get("email")).toBe("ann@example.com");
    expect(form.get("lead_id")).toBe(lead.id);
    expect(form.get("delivery_id")).toBe(deliveries[0]!.id);
    expect(form.has("name")).toBe(false);
  });

  it("delivers a lead a buyer buys with credits", async () => {
    const userId = await createUser(ctx, "buys@delivery.test");
    const buyer = await createBuyer(ctx, {
      companyId: co.companyId,
      userId,
      email: "buys@delivery.test",
      credits: 100,
    });
    const cookie = await signInBuyer(ctx, "buys@delivery.test");
    const res = await ctx.request("/api/buyer-portal/delivery-endpoints", {
      method: "POST",
      cookie,
      json: { name: "My CRM", url: receiver.url },
    });
    expect(res.status).toBe(201);
    const lead = await createLead(ctx, { companyId: co.companyId, name: "Bo Buyer", saleCap: 1 });
    await giveLead(ctx, { companyId: co.companyId, buyerId: buyer.id, leadId: lead.id, preview: true });
    const bought = await ctx.request("/api/purchases", {
      method: "POST",
      cookie,
      json: { leadId: lead.id, idempotencyKey: `buy-${randomUUID()}` },
    });
    expect(bought.status).toBe(200);
    const [delivery] = await ctx.database.db
      .select()
      .from(endpointDeliveries)
      .where(eq(endpointDeliveries.leadId, lead.id));
    expect(delivery).toMatchObject({ buyerId: buyer.id, endpointName: "My CRM", status: "pending" });
    await runDeliveryJob(ctx.deps, delivery!.id);
    const own = await ctx.request(`/api/buyer-portal/leads/${lead.id}/deliveries`, { cookie });
    expect(((await own.json()) as TDeliveryLog).deliveries[0]).toMatchObject({ status: "accepted" });
  });
});

describe("the address guard", () => {
  it.each([
    ["http://127.0.0.1:8080/hook", "127.0.0.1"],
    ["http://169.254.169.254/latest/meta-data", "169.254.169.254"],
    ["http://[::1]/hook", "::1"],
    ["http://10.1.2.3/hook", "10.1.2.3"],
    ["http://[fd00::1]/hook", "fd00::1"],
    ["http://224.0.0.1/hook", "224.0.0.1"],
    ["http://[::ffff:127.0.0.1]/hook", "::ffff:7f00:1"],
  ])("refuses %s when the endpoint is saved, naming the URL field", async (url, address) => {
    const buyer = await addBuyer(ctx, co.companyId);
    const res = await strict.request(`/api/buyers/${buyer.id}/delivery-endpoints`, {
      method: "POST",
      cookie: co.cookie,
      json: { name: "Inside", url },
    });
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.fields?.url).toEqual([expect.stringContaining(address)]);
    expect(error.message).toContain("private, loopback, link-local or multicast");
  });

  it("refuses a name resolving to localhost and a malformed URL at save time", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    const post = (url: string) =>
      strict.request(`/api/buyers/${buyer.id}/delivery-endpoints`, {
        method: "POST",
        cookie: co.cookie,
        json: { name: "X", url },
      });
    const local = await post("http://localhost:9/hook");
    expect(local.status).toBe(422);
    expect((await errorOf(local)).fields?.url?.[0]).toMatch(/127\.0\.0\.1|::1/);
    const bad = await post("crm dot example");
    expect((await errorOf(bad)).fields?.url).toEqual([LEAD_DELIVERY_MESSAGES.URL_INVALID]);
  });

  it("refuses at send time: a stored loopback or metadata address, and a name that rebinds to one", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    receiver.received.length = 0;
    const port = new URL(receiver.url).port;
    for (const url of [receiver.url, "http://169.254.169.254/latest", `http://rebind.example:${port}/hook`]) {
      // Stored as it might have been before (or by a name that resolved elsewhere at save time).
      const [endpoint] = await ctx.database.db
        .insert(deliveryEndpoints)
        .values({
          companyId: co.companyId,
          buyerId: buyer.id,
          name: url,
          url,
          secretCiphertext: strict.deps.secretBox.seal("lpsec_x"),
          secretLast4: "_x",
        })
        .returning();
      const [delivery] = await ctx.database.db
        .insert(endpointDeliveries)
        .values({
          companyId: co.companyId,
          buyerId: buyer.id,
          endpointId: endpoint!.id,
          isTest: true,
          endpointName: url,
          url,
        })
        .returning();
      // The rebinding name server answers the metadata address at send time.
      const deps = {
        ...strict.deps,
        resolveHost: async () => [{ address: "169.254.169.254", family: 4 as const }],
      };
      expect(await runDelivery(deps, delivery!.id)).toBe("failed");
      const [row] = await ctx.database.db
        .select()
        .from(endpointDeliveries)
        .where(eq(endpointDeliveries.id, delivery!.id));
      expect(row!.reason).toMatch(/127\.0\.0\.1|169\.254\.169\.254/);
    }
    expect(receiver.received).toHaveLength(0);
  });
});

describe("the connection", () => {
  it("goes to the checked address, never a second lookup of the name (the Host header keeps the name)", async () => {
    const port = new URL(receiver.url).port;
    receiver.received.length = 0;
    const url = new URL(`http://never-resolved.invalid:${port}/hook`);
    const answer = await postTo(url, { address: "127.0.0.1", family: 4 }, "{}", {}, 5000);
    expect(answer).toMatchObject({ kind: "answered", statusCode: 200 });
    expect(receiver.received[0]!.headers.host).toBe(`never-resolved.invalid:${port}`);
  });
});

describe("Send test lead", () => {
  it("sends one signed sample lead and answers with its log", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    const { endpoint, secret } = await addEndpoint(buyer.id);
    receiver.received.length = 0;
    const res = await ctx.request(`/api/buyers/${buyer.id}/delivery-endpoints/${endpoint.id}/test`, {
      method: "POST",
      cookie: co.cookie,
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as TTestDeliveryResult;
    expect(result.message).toBe(LEAD_DELIVERY_MESSAGES.TEST_ACCEPTED);
    expect(result.delivery).toMatchObject({ isTest: true, status: "accepted", leadId: null });
    expect(result.delivery.attempts).toMatchObject([{ attempt: 1, statusCode: 200, outcome: "accepted" }]);
    const [req] = receiver.received;
    expect(req!.headers["x-leadpost-event"]).toBe("lead.test");
    expect(verify(req!.body, String(req!.headers["x-leadpost-signature"]), secret)).toBe(true);

    receiver.script.push(answer(422, '{"reason":"Phone number missing"}'));
    const rejected = (await (
      await ctx.request(`/api/buyers/${buyer.id}/delivery-endpoints/${endpoint.id}/test`, {
        method: "POST",
        cookie: co.cookie,
      })
    ).json()) as TTestDeliveryResult;
    expect(rejected.message).toBe(LEAD_DELIVERY_MESSAGES.TEST_REJECTED);
    expect(rejected.delivery).toMatchObject({ status: "rejected", reason: "Phone number missing" });

    const log = await ctx.request(`/api/buyers/${buyer.id}/delivery-endpoints/${endpoint.id}/deliveries`, {
      cookie: co.cookie,
    });
    expect(((await log.json()) as TDeliveryLog).deliveries.map((d) => d.status)).toEqual([
      "rejected",
      "accepted",
    ]);
  });
});

describe("who manages endpoints", () => {
  it("shows the secret once, then only its last four; rotation makes a new one", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    const created = await addEndpoint(buyer.id);
    expect(created.secret).toMatch(/^lpsec_/);
    expect(created.endpoint.secretLast4).toBe(created.secret.slice(-4));
    const list = await ctx.request(`/api/buyers/${buyer.id}/delivery-endpoints`, { cookie: co.cookie });
    const text = await list.text();
    expect(text).not.toContain(created.secret);
    const [stored] = await ctx.database.db
      .select()
      .from(deliveryEndpoints)
      .where(eq(deliveryEndpoints.id, created.endpoint.id));
    expect(stored!.secretCiphertext).not.toContain(created.secret);
    const rotated = await ctx.request(
      `/api/buyers/${buyer.id}/delivery-endpoints/${created.endpoint.id}/rotate-secret`,
      { method: "POST", cookie: co.cookie },
    );
    const body = (await rotated.json()) as TDeliveryEndpointWithSecret;
    expect(body.secret).not.toBe(created.secret);
    expect(
      ctx.deps.secretBox.open(
        (
          await ctx.database.db
            .select()
            .from(deliveryEndpoints)
            .where(eq(deliveryEndpoints.id, created.endpoint.id))
        )[0]!.secretCiphertext,
      ),
    ).toBe(body.secret);
  });

  it("changes only the fields a PATCH names", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    const { endpoint } = await addEndpoint(buyer.id, { format: "form", fieldMap: { name: "full_name" } });
    const res = await ctx.request(`/api/buyers/${buyer.id}/delivery-endpoints/${endpoint.id}`, {
      method: "PATCH",
      cookie: co.cookie,
      json: { enabled: false },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      enabled: false,
      format: "form",
      fieldMap: { name: "full_name" },
    });
  });

  it("keeps companies apart: another company's buyer and endpoint ids are not found", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    const { endpoint } = await addEndpoint(buyer.id);
    const theirs = await addBuyer(ctx, other.companyId);
    const list = await ctx.request(`/api/buyers/${buyer.id}/delivery-endpoints`, { cookie: other.cookie });
    expect(list.status).toBe(404);
    for (const [method, path] of [
      ["PATCH", `/api/buyers/${theirs.id}/delivery-endpoints/${endpoint.id}`],
      ["DELETE", `/api/buyers/${theirs.id}/delivery-endpoints/${endpoint.id}`],
      ["POST", `/api/buyers/${theirs.id}/delivery-endpoints/${endpoint.id}/test`],
      ["POST", `/api/buyers/${buyer.id}/delivery-endpoints/${endpoint.id}/rotate-secret`],
    ] as const) {
      const res = await ctx.request(path, {
        method,
        cookie: other.cookie,
        ...(method === "PATCH" ? { json: { name: "Mine now" } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const { lead } = await assignNewLead(buyer.id);
    expect((await ctx.request(`/api/leads/${lead.id}/deliveries`, { cookie: other.cookie })).status).toBe(
      404,
    );
    const [row] = await ctx.database.db
      .select()
      .from(deliveryEndpoints)
      .where(eq(deliveryEndpoints.id, endpoint.id));
    expect(row!.name).toBe("CRM");
  });

  it("lets a member read but not change, and a buyer manage only its own", async () => {
    const member = await createCompanyWithOwner(ctx, "member@delivery.test", "Member's Own");
    await ctx.database.db
      .insert(userRoles)
      .values({ userId: member.userId, companyId: co.companyId, role: "member" });
    const buyer = await addBuyer(ctx, co.companyId);
    await addEndpoint(buyer.id);
    const asMember = { cookie: member.cookie, headers: { "x-company-id": co.companyId } };
    expect((await ctx.request(`/api/buyers/${buyer.id}/delivery-endpoints`, asMember)).status).toBe(200);
    const denied = await ctx.request(`/api/buyers/${buyer.id}/delivery-endpoints`, {
      ...asMember,
      method: "POST",
      json: { name: "Nope", url: receiver.url },
    });
    expect(denied.status).toBe(403);

    const make = async (email: string) => {
      const userId = await createUser(ctx, email);
      const b = await createBuyer(ctx, { companyId: co.companyId, userId, email });
      return { buyer: b, cookie: await signInBuyer(ctx, email) };
    };
    const a = await make("a@portal-delivery.test");
    const b = await make("b@portal-delivery.test");
    const made = await ctx.request("/api/buyer-portal/delivery-endpoints", {
      method: "POST",
      cookie: a.cookie,
      json: { name: "A's CRM", url: receiver.url },
    });
    const { endpoint } = (await made.json()) as TDeliveryEndpointWithSecret;
    const seenByB = await ctx.request("/api/buyer-portal/delivery-endpoints", { cookie: b.cookie });
    expect(((await seenByB.json()) as { endpoints: unknown[] }).endpoints).toEqual([]);
    for (const [method, path] of [
      ["PATCH", `/api/buyer-portal/delivery-endpoints/${endpoint.id}`],
      ["DELETE", `/api/buyer-portal/delivery-endpoints/${endpoint.id}`],
      ["POST", `/api/buyer-portal/delivery-endpoints/${endpoint.id}/test`],
      ["GET", `/api/buyer-portal/delivery-endpoints/${endpoint.id}/deliveries`],
    ] as const) {
      const res = await ctx.request(path, {
        method,
        cookie: b.cookie,
        ...(method === "PATCH" ? { json: { url: "https://evil.example/x" } } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it("asks for a signed-in company or buyer before reading the request", async () => {
    const buyer = await addBuyer(ctx, co.companyId);
    const leadId = "00000000-0000-4000-8000-000000000000";
    for (const path of [
      `/api/buyers/${buyer.id}/delivery-endpoints`,
      "/api/buyer-portal/delivery-endpoints",
    ]) {
      const res = await ctx.request(path, { method: "POST", json: { url: "not a url" } });
      expect(res.status, path).toBe(401);
    }
    expect((await ctx.request(`/api/leads/${leadId}/deliveries`)).status).toBe(401);
    const notABuyer = await ctx.request("/api/buyer-portal/delivery-endpoints", { cookie: co.cookie });
    expect(notABuyer.status).toBe(403);
    expect((await errorOf(notABuyer)).code).toBe("NO_BUYER");
  });

  it("works with an API key of the company", async () => {
    const made = await ctx.request("/api/settings/api-keys", {
      method: "POST",
      cookie: co.cookie,
      json: { name: "CRM sync", environment: "production" },
    });
    const { secret: key } = (await made.json()) as { secret: string };
    const buyer = await addBuyer(ctx, co.companyId);
    const auth = { authorization: `Bearer ${key}` };
    const created = await ctx.request(`/api/v1/buyers/${buyer.id}/delivery-endpoints`, {
      method: "POST",
      headers: auth,
      json: { name: "Via key", url: receiver.url },
    });
    expect(created.status).toBe(201);
    const list = await ctx.request(`/api/v1/buyers/${buyer.id}/delivery-endpoints`, { headers: auth });
    expect(((await list.json()) as { endpoints: { name: string }[] }).endpoints.map((e) => e.name)).toEqual([
      "Via key",
    ]);
    const theirs = await addBuyer(ctx, other.companyId);
    expect(
      (await ctx.request(`/api/v1/buyers/${theirs.id}/delivery-endpoints`, { headers: auth })).status,
    ).toBe(404);
    expect((await ctx.request(`/api/v1/buyers/${buyer.id}/delivery-endpoints`)).status).toBe(401);
  });
});
