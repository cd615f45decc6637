import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { type ServerType, serve } from "@hono/node-server";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { phoneNumbers } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS } from "./helpers/forms";
import { createTestContext, TEST_ORIGIN, type TTestContext } from "./helpers/test-app";
import { connectTwilio, TWILIO_TOKEN } from "./helpers/twilio";

// The submission route reads its body straight from Node's request (plugins/node-body.ts) when it runs
// behind a real HTTP server; in-process calls (`app.request`, every other API test) take Hono's own path.
// These tests send the same requests both ways and expect the same answers.

let ctx: TTestContext;
let server: ServerType;
let port: number;
let formId: string;
const VOICEMAIL_NUMBER = "+17205559001";

beforeAll(async () => {
  ctx = await createTestContext({
    FORM_SUBMISSIONS_PER_FORM_PER_MINUTE: "100000",
    FORM_SUBMISSIONS_PER_IP_PER_MINUTE: "100000",
  });
  const co = await createCompanyWithOwner(ctx, "owner@http.test", "Http Co");
  formId = (await createPublishedForm(ctx, co.cookie)).id;
  // A call-center number that takes voicemail: Twilio's webhook over a socket (last describe).
  await connectTwilio(ctx, co.companyId);
  await ctx.database.db.insert(phoneNumbers).values({
    companyId: co.companyId,
    phoneNumber: VOICEMAIL_NUMBER,
    type: "twilio",
    routeToVoicemail: true,
  });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await ctx?.close();
});

type TAnswer = { status: number; headers: Record<string, string>; body: string };

// Differ per request by nature; every other header must be the same both ways.
// Content-Length is the socket's framing (the bodies themselves are compared).
const VARYING = new Set(["x-request-id", "date", "connection", "keep-alive", "content-length"]);

function comparable(a: TAnswer) {
  const headers = Object.fromEntries(Object.entries(a.headers).filter(([k]) => !VARYING.has(k)));
  let body: unknown = a.body;
  try {
    body = JSON.parse(a.body, (k, v) =>
      ["requestId", "leadId", "submissionId"].includes(k) ? "<varies>" : v,
    );
  } catch {}
  return { status: a.status, headers, body };
}

/** Over a socket, with the body written as given: `chunked` sends it without a Content-Length. */
function overHttp(
  path: string,
  body: string,
  headers: Record<string, string>,
  opts: { chunked?: boolean } = {},
): Promise<TAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: {
          origin: TEST_ORIGIN,
          "content-type": "application/json",
          ...(opts.chunked ? {} : { "content-length": String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]),
            ),
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    if (opts.chunked) {
      // Several writes, so the server sees the body arrive in pieces.
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.slice(i, i + 64 * 1024));
    } else {
      req.write(body);
    }
    req.end();
  });
}

async function inProcess(path: string, body: string, headers: Record<string, string>): Promise<TAnswer> {
  const res = await ctx.request(path, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
  return {
    status: res.status,
    headers: Object.fromEntries([...res.headers].map(([k, v]) => [k, v])),
    body: await res.text(),
  };
}

let visitor = 0;
const answers = () => {
  visitor += 1;
  return { ...QUOTE_ANSWERS, "f-email": `http${visitor}@example.com`, "f-phone": `720555${1000 + visitor}` };
};
const path = () => `/api/public/forms/${formId}/submissions`;

async function bothWays(
  makeBody: () => string,
  headers: (side: string) => Record<string, string> = () => ({}),
  opts: { chunked?: boolean; at?: string } = {},
) {
  const at = opts.at ?? path();
  const http = await overHttp(at, makeBody(), { "x-forwarded-for": "203.0.113.7", ...headers("http") }, opts);
  const local = await inProcess(at, makeBody(), { "x-forwarded-for": "203.0.113.7", ...headers("local") });
  return { http, local };
}

describe("the public submission over HTTP answers as in-process", () => {
  it("reads the body from Node's request: no web stream is made of it", async () => {
    const toWeb = vi.spyOn(Readable, "toWeb");
    try {
      const res = await overHttp(path(), JSON.stringify({ formData: answers(), fillTimeMs: 8000 }), {
        "x-forwarded-for": "203.0.113.8",
      });
      expect(res.status).toBe(201);
      expect(toWeb).not.toHaveBeenCalled();
    } finally {
      toWeb.mockRestore();
    }
  });

  it("accepted (201), then the same key replayed", async () => {
    const key = (side: string) => ({ "idempotency-key": `http-${side}-${formId}` });
    const body = JSON.stringify({ formData: answers(), fillTimeMs: 8000 });
    const first = await bothWays(() => body, key);
    expect(first.http.status).toBe(201);
    expect(comparable(first.http)).toEqual(comparable(first.local));
    const replay = await bothWays(() => body, key);
    expect(replay.http.headers["idempotent-replayed"]).toBe("true");
    expect(JSON.parse(replay.http.body).leadId).toBe(JSON.parse(first.http.body).leadId);
    expect(comparable(replay.http)).toEqual(comparable(replay.local));
  });

  it("invalid answers (422), malformed JSON, an unknown form (404)", async () => {
    const invalid = await bothWays(() => JSON.stringify({ formData: { "f-name": "x" }, fillTimeMs: 8000 }));
    expect(invalid.http.status).toBe(422);
    expect(comparable(invalid.http)).toEqual(comparable(invalid.local));

    const malformed = await bothWays(() => '{"formData": ');
    expect(malformed.http.status).toBeGreaterThanOrEqual(400);
    expect(comparable(malformed.http)).toEqual(comparable(malformed.local));

    const unknown = await bothWays(
      () => JSON.stringify({ formData: answers(), fillTimeMs: 8000 }),
      undefined,
      {
        at: "/api/public/forms/00000000-0000-4000-8000-000000000000/submissions",
      },
    );
    expect(unknown.http.status).toBe(404);
    expect(comparable(unknown.http)).toEqual(comparable(unknown.local));
  });

  it("text PostgreSQL cannot store is stripped from the answers, as before", async () => {
    const body = () =>
      JSON.stringify({ formData: { ...answers(), "f-details": "ok\u0000 \ud800 done" }, fillTimeMs: 8000 });
    const both = await bothWays(body);
    expect(both.http.status).toBe(201);
    expect(comparable(both.http)).toEqual(comparable(both.local));
  });

  it("a body over 1 MiB is refused (413), with or without Content-Length", async () => {
    const big = () =>
      JSON.stringify({ formData: { ...answers(), "f-details": "x".repeat(1024 * 1024) }, fillTimeMs: 8000 });
    const declared = await bothWays(big);
    expect(declared.http.status).toBe(413);
    expect(comparable(declared.http)).toEqual(comparable(declared.local));
    const chunked = await bothWays(big, undefined, { chunked: true });
    expect(chunked.http.status).toBe(413);
    expect(comparable(chunked.http)).toEqual(comparable(chunked.local));
  });

  it("a body sent in pieces without Content-Length is read whole", async () => {
    const both = await bothWays(
      () =>
        JSON.stringify({ formData: { ...answers(), "f-details": "y".repeat(200_000) }, fillTimeMs: 8000 }),
      undefined,
      { chunked: true },
    );
    // Whatever the route makes of such an answer, it read all of it: not a malformed body.
    expect(both.http.status).not.toBe(400);
    expect(comparable(both.http)).toEqual(comparable(both.local));
  });
});

describe("Twilio's voice webhook over HTTP answers as in-process", () => {
  const voice = "/api/twilio/voice";
  const params = (callSid: string) => ({
    CallSid: callSid,
    AccountSid: "AC_test_account",
    From: "+13035550123",
    To: VOICEMAIL_NUMBER,
    CallStatus: "ringing",
  });
  const signed = (p: Record<string, string>) => ({
    "content-type": "application/x-www-form-urlencoded",
    "x-twilio-signature": twilio.getExpectedTwilioSignature(TWILIO_TOKEN, `${TEST_ORIGIN}${voice}`, p),
  });

  it("reads the form body from Node's request, checks the official signature and answers TwiML", async () => {
    const toWeb = vi.spyOn(Readable, "toWeb");
    try {
      const p = params("CA-http-1");
      const http = await overHttp(voice, new URLSearchParams(p).toString(), signed(p));
      expect(http.status).toBe(200);
      expect(http.body).toContain("<Record");
      expect(toWeb).not.toHaveBeenCalled();
      const q = params("CA-local-1");
      const local = await inProcess(voice, new URLSearchParams(q).toString(), signed(q));
      expect(comparable(http)).toEqual(comparable(local));
    } finally {
      toWeb.mockRestore();
    }
  });

  it("refuses a signature made with another token (403), both ways", async () => {
    const p = params("CA-http-forged");
    const forged = {
      ...signed(p),
      "x-twilio-signature": twilio.getExpectedTwilioSignature("another-token", `${TEST_ORIGIN}${voice}`, p),
    };
    const http = await overHttp(voice, new URLSearchParams(p).toString(), forged);
    const local = await inProcess(voice, new URLSearchParams(p).toString(), forged);
    expect(http.status).toBe(403);
    expect(comparable(http)).toEqual(comparable(local));
  });
});
