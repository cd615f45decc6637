import type { TCallOutcome, TPhoneNumber } from "@leadpost/shared";
import { displayPhone } from "@/lib/phone-display";

export { formatDuration } from "@/lib/format-duration";

/**
 * A stored (E.164) number for people: US numbers as (303) 555-0100, others internationally, "Unknown" for
 * none. A component drawing these calls `usePhoneDisplay()` to draw again once another country's number is
 * formatted (lib/phone-display.ts).
 */
export const showNumber = (value: string | null | undefined) => (value ? displayPhone(value) : "Unknown");

const LIVE = new Set(["queued", "initiated", "ringing", "in-progress"]);
const MISSED = new Set(["no-answer", "failed", "busy", "canceled", "blocked"]);
const STALE_MS = 2 * 60 * 60 * 1000;

/** 002 §4: an in-progress call created more than 2 hours ago is stale (the cleanup job fails it). */
export const isStaleCall = (call: { status: string; createdAt: string }, now = Date.now()) =>
  call.status === "in-progress" && now - new Date(call.createdAt).getTime() > STALE_MS;

export type TStatusTone = "live" | "done" | "missed" | "other";
export function statusTone(status: string): TStatusTone {
  if (LIVE.has(status)) return "live";
  if (status === "completed" || status === "answered") return "done";
  if (MISSED.has(status)) return "missed";
  return "other";
}

export const STRATEGY_LABEL: Record<TPhoneNumber["routingStrategy"], string> = {
  sequential: "Sequential",
  round_robin: "Round robin",
  simultaneous: "All at once",
};

export const OUTCOME_LABEL: Record<TCallOutcome, string> = {
  answered: "Answered",
  missed: "Missed",
  voicemail: "Voicemail",
  blocked: "Blocked",
};

/**
 * TwiML for people: one element per line, nested ones indented (the Test Call Center shows it). Text
 * and attributes are kept as they are; only whitespace between tags is added.
 */
export function prettyXml(xml: string): string {
  const tokens = xml.replace(/>\s*</g, "><").match(/<[^>]*>|[^<]+/g) ?? [];
  let depth = 0;
  const lines: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? "";
    if (!token.trim()) continue;
    const closing = token.startsWith("</");
    const opening = token.startsWith("<") && !closing && !token.startsWith("<?") && !token.endsWith("/>");
    if (closing) depth = Math.max(0, depth - 1);
    // <Say>text</Say> stays on one line.
    const text = tokens[i + 1] ?? "";
    const close = tokens[i + 2] ?? "";
    if (opening && text && !text.startsWith("<") && close.startsWith("</")) {
      lines.push(`${"  ".repeat(depth)}${token}${text}${close}`);
      i += 2;
      continue;
    }
    lines.push(`${"  ".repeat(depth)}${token}`);
    if (opening) depth++;
  }
  return lines.join("\n");
}
