import { HONEYPOT_FIELD, MIN_FILL_TIME_MS, type TFormSubmission } from "@leadpost/shared";

export type TSpamVerdict = { isSpam: boolean; reason: string | null };

/**
 * Suspected spam is stored and flagged, never routed and never dropped (PRODUCT §3), so a false
 * positive (say, a very fast autofill) can still be found and handled by the company.
 */
export function judgeSpam(body: Pick<TFormSubmission, typeof HONEYPOT_FIELD | "fillTimeMs">): TSpamVerdict {
  const reasons: string[] = [];
  if ((body[HONEYPOT_FIELD] ?? "").trim() !== "") reasons.push("honeypot field filled");
  // Our page always measures the fill time; a post without one did not come through the page.
  if (body.fillTimeMs === undefined) reasons.push("no fill time sent");
  else if (body.fillTimeMs < MIN_FILL_TIME_MS) {
    reasons.push(`filled in ${body.fillTimeMs} ms (minimum ${MIN_FILL_TIME_MS} ms)`);
  }
  return { isSpam: reasons.length > 0, reason: reasons.length > 0 ? reasons.join("; ") : null };
}
