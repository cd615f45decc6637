import { sql } from "drizzle-orm";
import type { Db } from "../../src/db/client";

/**
 * What a query that forgets every company filter sees from where it runs: the database role, the
 * company setting, and which companies' buyers and company rows are visible.
 */
export async function lookWithoutFilter(db: Db) {
  const result = await db.execute(sql`
    select current_user as role,
      nullif(current_setting('leadpost.company_id', true), '') as tenant,
      array(select distinct company_id::text from buyers order by 1) as "buyerCompanies",
      array(select id::text from companies order by 1) as companies`);
  const [row] = (
    result as unknown as {
      rows: { role: string; tenant: string | null; buyerCompanies: string[]; companies: string[] }[];
    }
  ).rows;
  return row!;
}
