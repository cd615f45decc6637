import type { TContactPrivacy } from "@leadpost/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { col, queryRows, rowOf } from "../../db/raw";
import { leads } from "../../db/schema";
import { currentTenant } from "../../db/tenant-scope";
import { searchPatterns } from "./filters";

/** A trigram is three characters: a shorter text has none, and the index cannot narrow its matches. */
const TRIGRAM_LENGTH = 3;

/**
 * Leads a search matches, in no order: `complete` when they are all of them, else `limit` of them.
 * `condition` selects exactly those leads.
 */
export type TSearchHits = { ids: string[]; complete: boolean; condition: SQL };

/**
 * The search's matches by the trigram index (issue 26), at most `limit`: `lead_search_ids`
 * (db/functions/lead_search_ids.sql), which reads them for the company of the request's own wall,
 * where the ILIKE evaluated behind row-level security would read every lead of the company. Null
 * where that path does not apply, and the caller searches by ILIKE as before: a blank text; one of
 * one or two characters (no trigram to look up, so the index cannot narrow it: a common pair of
 * letters is found among the newest leads at once, a rare one reads the company's leads as before);
 * outside a company's scope (the system context is not behind the wall, and its ILIKE uses the index
 * already).
 */
export async function searchHits(
  db: Db,
  text: string | undefined,
  privacy: TContactPrivacy,
  limit: number,
): Promise<TSearchHits | null> {
  const patterns = searchPatterns(text);
  if (!patterns || (text ?? "").trim().length < TRIGRAM_LENGTH || currentTenant() === null) return null;
  const rows = await queryRows(
    db,
    rowOf({ id: col.text }),
    sql`select id from lead_search_ids(${patterns.pattern}, ${patterns.phonePattern}, ${!privacy.hideName},
        ${!privacy.hidePhone}, ${limit}) as found(id)`,
  );
  const ids = rows.map((r) => r.id);
  return {
    ids,
    complete: ids.length < limit,
    condition: sql`${leads.id} = any(${`{${ids.join(",")}}`}::uuid[])`,
  };
}
