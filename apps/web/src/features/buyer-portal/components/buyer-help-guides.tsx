/**
 * The Help page's guides beyond the specification's FAQ (returns, caps and hours, bids and filters,
 * delivery into the buyer's systems): loaded when the buyer opens them (buyer-help-guides-section.tsx),
 * so the page's first download stays within its budget.
 */
export default function BuyerHelpGuides() {
  return (
    <>
      <section aria-labelledby="returns-help" className="grid gap-3">
        <h2 id="returns-help" className="font-semibold text-lg">
          Returning a lead
        </h2>
        <div className="grid gap-2 rounded-lg border p-4 text-muted-foreground text-sm">
          <p>
            A lead you bought with credits can be returned within your lead provider's return window (7 days
            unless it set another). Open the lead in My Leads, choose a reason from the provider's list (for
            example Wrong number, Duplicate or Out of area), add a note if it helps, and choose Return lead.
            Each lead can be returned once.
          </p>
          <p>
            The provider approves or rejects each return; you get an e-mail either way, and Returns lists
            every return with its state (Pending, Approved or Rejected) and the provider's note. An approved
            return puts the lead's credits back in your balance; a rejected one changes nothing. Some returns
            are approved at once, for example when the provider has marked the lead's phone number invalid.
          </p>
        </div>
      </section>
      <section aria-labelledby="caps" className="grid gap-3">
        <h2 id="caps" className="font-semibold text-lg">
          Lead caps and delivery hours
        </h2>
        <div className="grid gap-2 rounded-lg border p-4 text-muted-foreground text-sm">
          <p>
            Your lead provider can set how many leads you take per day, week or month, how many credits you
            spend per day, and the days and hours you take leads, all on your own clock (your day ends at your
            midnight, your week starts Monday). Every lead you receive counts, a preview included; buying that
            preview does not count it again.
          </p>
          <p>
            Once a cap is reached, or outside your hours, new leads go to other buyers and do not appear in
            your list later. A purchase that would go over your daily spend cap is refused and charges
            nothing.
          </p>
          <p>You can pause yourself in Settings, Leads tab: until a date and time, or until you resume.</p>
        </div>
      </section>
      <section aria-labelledby="bids-and-filters" className="grid gap-3">
        <h2 id="bids-and-filters" className="font-semibold text-lg">
          Bids and lead filters
        </h2>
        <div className="grid gap-2 rounded-lg border p-4 text-muted-foreground text-sm">
          <p>
            Your lead provider may hand out some forms' leads by highest price: for a niche you set a bid, the
            credits you offer per lead. The highest bid whose balance covers it takes an exclusive lead
            automatically and pays its bid from your credits; a shared lead goes to the highest bids up to its
            number of buyers. If you are outbid you still see the lead as a preview and may unlock it at its
            usual price while it is available.
          </p>
          <p>
            Lead filters keep leads you do not want away from you, by the answers on the form, for example
            "Service needed is Roof repair or Roof replacement" or "Home owner is Yes". A lead must meet every
            filter to reach you; a form that does not ask the question is not filtered by it. Ask your lead
            provider to set your bids and filters.
          </p>
        </div>
      </section>
      <section aria-labelledby="lead-delivery" className="grid gap-3">
        <h2 id="lead-delivery" className="font-semibold text-lg">
          Leads in your own systems
        </h2>
        <div className="grid gap-2 rounded-lg border p-4 text-muted-foreground text-sm">
          <p>
            Besides e-mail and this portal, your leads can be posted straight into your CRM or any system with
            a web address. Under Settings → Lead delivery, add an endpoint (JSON, or form fields named the way
            your system expects) and press Send test lead to check it.
          </p>
          <p>
            Every lead you receive in full (unlocked, or sent to you by your lead provider) is posted once to
            each endpoint that is on, signed with the endpoint's secret so your system can check it came from
            us. If your system does not answer, we try again for about 15 minutes. Each lead in My Leads shows
            its deliveries: every attempt, the answer's status code and its first bytes.
          </p>
          <p>
            Your system answers 2xx to accept a lead, or 4xx (or{" "}
            <code>{'{"status":"rejected","reason":"…"}'}</code>) to reject it with a reason. The verification
            code for developers is in Settings → Lead delivery.
          </p>
        </div>
      </section>
    </>
  );
}
