import type { TCallOutcome } from "@leadpost/shared";
import { type SQL, sql } from "drizzle-orm";
import { callLogs } from "../../db/schema";

/**
 * A call's outcome only ever rises: missed < voicemail < answered (blocked is set when the call comes
 * in and stays). Twilio's callbacks arrive in any order (the call's final status, the Dial outcome, the
 * voicemail recording), so each says what it knows and the highest wins.
 */
const RANK: Record<TCallOutcome, number> = { missed: 1, voicemail: 2, answered: 3, blocked: 4 };

const currentRank = sql`case ${callLogs.outcome} when 'missed' then 1 when 'voicemail' then 2 when 'answered' then 3 when 'blocked' then 4 else 0 end`;

/** The `set` part raising the call's outcome to `outcome` (nothing when null). */
export function raiseOutcome(outcome: TCallOutcome | null): { outcome?: SQL } {
  if (!outcome) return {};
  return {
    outcome: sql`case when ${currentRank} < ${RANK[outcome]} then ${outcome} else ${callLogs.outcome} end`,
  };
}
