import { randomUUID } from "node:crypto";
import { sendJson, startHttpFake } from "./http-fake";

type TDomainRecord = { record: string; name: string; type: string; value: string; status: string };
type TDomain = { id: string; name: string; status: string; records: TDomainRecord[] };

/** A domain as Resend lists it, with its SPF (MX and TXT on send.), DKIM and DMARC records. */
export function fakeResendDomain(name: string, verified: { spf: boolean; dkim: boolean; dmarc: boolean }) {
  const st = (ok: boolean) => (ok ? "verified" : "not_started");
  return {
    id: randomUUID(),
    name,
    status: verified.spf && verified.dkim ? "verified" : "pending",
    records: [
      {
        record: "SPF",
        name: "send",
        type: "MX",
        value: "feedback-smtp.us-east-1.amazonses.com",
        status: st(verified.spf),
      },
      {
        record: "SPF",
        name: "send",
        type: "TXT",
        value: "v=spf1 include:amazonses.com ~all",
        status: st(verified.spf),
      },
      {
        record: "DKIM",
        name: "resend._domainkey",
        type: "TXT",
        value: "p=MIGfMA0GCSqGSIb3DQEB",
        status: st(verified.dkim),
      },
      {
        record: "DMARC",
        name: "_dmarc",
        type: "TXT",
        value: "v=DMARC1; p=none;",
        status: st(verified.dmarc),
      },
    ],
  } satisfies TDomain;
}

/**
 * Also speaks GET /domains (list) and GET /domains/{id} (status and DNS records) for `domains`.
 * Speaks Resend's POST /emails: Bearer auth, JSON body with from/to/subject/html, Idempotency-Key
 * (a repeated key returns the first id and sends nothing new). `failNext` simulates outages.
 */
export async function startResendFake(opts: { apiKey: string }) {
  const sent: { id: string; from: string; to: string[]; subject: string; html: string }[] = [];
  const byKey = new Map<string, string>();
  const state = { failNext: 0, failStatus: 500 };
  const domains: TDomain[] = [];
  const fake = await startHttpFake((req, res) => {
    const isDomains = req.method === "GET" && req.path.startsWith("/domains");
    if (!isDomains && (req.method !== "POST" || req.path !== "/emails")) {
      return sendJson(res, 404, { name: "not_found" });
    }
    if (req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return sendJson(res, 401, { statusCode: 401, name: "validation_error", message: "API key is invalid" });
    }
    if (isDomains) {
      if (req.path === "/domains") {
        const data = domains.map(({ id, name, status }) => ({ id, name, status, region: "us-east-1" }));
        return sendJson(res, 200, { object: "list", data });
      }
      const domain = domains.find((d) => req.path === `/domains/${d.id}`);
      if (!domain)
        return sendJson(res, 404, { statusCode: 404, name: "not_found", message: "Domain not found" });
      return sendJson(res, 200, { object: "domain", ...domain });
    }
    if (state.failNext > 0) {
      state.failNext--;
      return sendJson(res, state.failStatus, {
        statusCode: state.failStatus,
        name: "internal_server_error",
        message: "down",
      });
    }
    const body = JSON.parse(req.body) as { from: string; to: string[]; subject: string; html: string };
    if (!body.from || !Array.isArray(body.to) || !body.subject) {
      return sendJson(res, 422, {
        statusCode: 422,
        name: "validation_error",
        message: "Missing required field",
      });
    }
    const key = req.headers["idempotency-key"] as string | undefined;
    const existing = key ? byKey.get(key) : undefined;
    if (existing) return sendJson(res, 200, { id: existing });
    const id = randomUUID();
    if (key) byKey.set(key, id);
    sent.push({ id, ...body });
    return sendJson(res, 200, { id });
  });
  return { ...fake, sent, state, domains };
}
