-- A wallet lock that also answers the wallet's open credit lots, in one round trip.
-- Debiting credits took two statements before anything was written: the buyer row locked FOR UPDATE, then
-- the lots still holding credits. One plain statement cannot do both: it would read the lots as of its own
-- start, before a concurrent debit it waited for on the lock had committed. A plpgsql function runs each
-- statement with a fresh snapshot (READ COMMITTED), so its second statement sees every debit committed
-- before the lock was granted, as the second statement of the caller did. Called as the caller (row-level
-- security applies inside a company request); modules/credits/ledger.ts lockBuyer.
-- FOR NO KEY UPDATE, not FOR UPDATE: a purchase or a routing first inserts the buyer's buyer_leads row,
-- whose foreign key takes FOR KEY SHARE on the buyer; FOR UPDATE conflicts with that share, so two of
-- one buyer's purchases at once each waited for the other's share (a deadlock). NO KEY UPDATE still
-- serialises the wallet's debits (it conflicts with itself) and leaves foreign-key shares alone.
CREATE OR REPLACE FUNCTION lock_wallet(p_company uuid, p_buyer uuid)
RETURNS TABLE (id uuid, company_id uuid, email text, credit_balance int, deleted_at timestamptz, lots json)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM buyers b WHERE b.id = p_buyer AND b.company_id = p_company FOR NO KEY UPDATE OF b;
  RETURN QUERY
    SELECT b.id, b.company_id, b.email, b.credit_balance, b.deleted_at,
           (SELECT coalesce(json_agg(json_build_object(
                     'id', t.id, 'remaining', t.remaining,
                     'expires_at', t.expires_at, 'created_at', t.created_at)), '[]'::json)
              FROM (SELECT l.id, l.expires_at, l.created_at,
                           (l.amount - coalesce((SELECT sum(a.amount) FROM credit_lot_allocations a
                                                 WHERE a.lot_transaction_id = l.id), 0))::int AS remaining
                      FROM credit_transactions l
                     WHERE l.company_id = p_company AND l.buyer_id = p_buyer AND l.amount > 0) t
             WHERE t.remaining > 0)
      FROM buyers b
     WHERE b.id = p_buyer AND b.company_id = p_company;
END
$$;
