import { EXCERPT_LIMIT, type THttpAnswer } from "./http-post";

/** What the buyer's answer means for the delivery (docs/lead-delivery.md "The buyer's answer"). */
export type TJudgedAnswer = {
  outcome: "accepted" | "rejected" | "error" | "timeout";
  /** Worth another attempt later (a 5xx, 408, 429, a timeout, a network error). */
  retry: boolean;
  statusCode: number | null;
  reason: string | null;
  excerpt: string | null;
};

function jsonOf(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim().slice(0, 500) : null);

/**
 * 2xx = accepted, unless its JSON body says `{"status":"rejected","reason":"…"}`; any other 4xx =
 * rejected with the body's reason (or its first bytes); 408, 429 and 5xx = try again later; a 3xx is
 * rejected (redirects are not followed: the buyer should give the final URL).
 */
export function judgeAnswer(answer: THttpAnswer): TJudgedAnswer {
  if (answer.kind === "timeout") {
    return { outcome: "timeout", retry: true, statusCode: null, reason: "No answer in time", excerpt: null };
  }
  if (answer.kind === "error") {
    return { outcome: "error", retry: true, statusCode: null, reason: answer.message, excerpt: null };
  }
  const { statusCode, body } = answer;
  const excerpt = body ? body.slice(0, EXCERPT_LIMIT) : null;
  const json = jsonOf(body);
  const given = text(json?.reason) ?? text(json?.message) ?? text(json?.error);
  const base = { statusCode, excerpt };
  if (statusCode >= 200 && statusCode < 300) {
    if (typeof json?.status === "string" && json.status.toLowerCase() === "rejected") {
      return { ...base, outcome: "rejected", retry: false, reason: given ?? "Rejected by the endpoint" };
    }
    return { ...base, outcome: "accepted", retry: false, reason: null };
  }
  if (statusCode >= 300 && statusCode < 400) {
    return {
      ...base,
      outcome: "rejected",
      retry: false,
      reason: `Answered with a redirect (HTTP ${statusCode}); redirects are not followed, give the final URL`,
    };
  }
  if (statusCode === 408 || statusCode === 429 || statusCode >= 500) {
    return { ...base, outcome: "error", retry: true, reason: given ?? `HTTP ${statusCode}` };
  }
  return {
    ...base,
    outcome: "rejected",
    retry: false,
    reason: given ?? (excerpt ? excerpt.slice(0, 200) : `HTTP ${statusCode}`),
  };
}
