/** Later statuses outrank earlier ones: a late `ringing` after `completed` changes nothing. */
const RANK: Record<string, number> = {
  queued: 0,
  initiated: 1,
  ringing: 2,
  "in-progress": 3,
  answered: 3,
};
export const FINAL_STATUSES = ["completed", "busy", "failed", "no-answer", "canceled", "blocked"] as const;

export function statusRank(status: string): number {
  return RANK[status] ?? 4;
}

/** 002 §9: a call older than this still marked in progress is stale. */
export const STALE_CALL_HOURS = 2;
