import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/**
 * Lead delivery (buyers' endpoints, the deliveries and their attempts) is not in a backup (tables.ts),
 * yet it hangs off buyers and leads by cascading foreign keys: removing the company's rows before a
 * restore would take it all with them. So a restore copies it aside first (temporary tables dropped
 * at commit, nothing brought to the server) and puts back what still has its buyer and lead once the
 * file's rows are in: the endpoints of the buyers restored, and the log of the leads restored.
 */
export async function keepDeliveryLog(db: DbOrTx, companyId: string): Promise<void> {
  for (const [kept, table] of [
    ["restore_kept_endpoints", "delivery_endpoints"],
    ["restore_kept_deliveries", "endpoint_deliveries"],
    ["restore_kept_attempts", "endpoint_delivery_attempts"],
  ] as const) {
    await db.execute(
      sql`create temporary table ${sql.identifier(kept)} on commit drop as
            select * from ${sql.identifier(table)} where company_id = ${companyId}`,
    );
  }
}

/** Puts back the kept lead delivery rows whose buyer and lead were restored (keepDeliveryLog). */
export async function restoreDeliveryLog(db: DbOrTx, companyId: string): Promise<void> {
  await db.execute(
    sql`insert into delivery_endpoints select k.* from restore_kept_endpoints k
         where exists (select 1 from buyers b where b.id = k.buyer_id and b.company_id = ${companyId})`,
  );
  await db.execute(
    sql`update restore_kept_deliveries k set endpoint_id = null
         where endpoint_id is not null and not exists (select 1 from delivery_endpoints e where e.id = k.endpoint_id)`,
  );
  await db.execute(
    sql`insert into endpoint_deliveries select k.* from restore_kept_deliveries k
         where exists (select 1 from buyers b where b.id = k.buyer_id and b.company_id = ${companyId})
           and (k.lead_id is null or exists (select 1 from leads l where l.id = k.lead_id and l.company_id = ${companyId}))`,
  );
  await db.execute(
    sql`insert into endpoint_delivery_attempts select k.* from restore_kept_attempts k
         where exists (select 1 from endpoint_deliveries d where d.id = k.delivery_id and d.company_id = ${companyId})`,
  );
}
