import { randomUUID } from "node:crypto";
import { sendJson, startHttpFake } from "./http-fake";

/**
 * Speaks Resend's POST /emails: Bearer auth, JSON body with from/to/subject/html, Idempotency-Key
 * (a repeated key returns the first id and sends nothing new). `failNext` simulates outages.
 */
export async function startResendFake(opts: { apiKey: string }) {
  const sent: { id: string; from: string; to: string[]; subject: string; html: string }[] = [];
  const byKey = new Map<string, string>();
  const state = { failNext: 0, failStatus: 500 };
  const fake = await startHttpFake((req, res) => {
    if (req.method !== "POST" || req.path !== "/emails") return sendJson(res, 404, { name: "not_found" });
    if (req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      return sendJson(res, 401, { statusCode: 401, name: "validation_error", message: "API key is invalid" });
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
  return { ...fake, sent, state };
}
