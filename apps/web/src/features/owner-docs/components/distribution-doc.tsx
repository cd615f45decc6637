import { DocLink, DocSection } from "./doc-parts";

/**
 * The owner documentation's "Distribution" tab: what a company sets beyond area and niche (PRODUCT §5,
 * issue "beyond the specification"). Loaded when the tab opens (owner-docs-page.tsx), so the page's
 * first download stays small. docs/routing.md is the engineers' version of the same rules.
 */
export default function DistributionDoc() {
  return (
    <>
      <DocSection
        title="Distribution methods"
        description="A form's Distribution settings, in the form builder."
      >
        <p>
          Every buyer whose area, niche and filters match a lead may see it as a preview and unlock it with
          credits while slots remain. The form's method decides who takes the lead <em>automatically</em>, and
          in what order:
        </p>
        <ul>
          <li>
            <strong>Round robin</strong> (the default): buyers with All You Can Eat or prepaid leads, the one
            served longest ago first.
          </li>
          <li>
            <strong>Priority</strong>: those buyers in the order you set for the form; the first one that
            matches takes the lead, then the next, up to the sale cap.
          </li>
          <li>
            <strong>Weighted</strong>: a share per buyer (for example 3 and 1 give 75% and 25%), kept fair
            over time.
          </li>
          <li>
            <strong>Highest price</strong>: buyers bid credits per lead for a niche; an exclusive lead goes to
            the highest bid whose balance covers it, a shared lead to the highest bids up to the sale cap, and
            each winner pays its bid from its credits.
          </li>
        </ul>
        <p>
          Each lead's Routing decisions say why it went where it did, for example "Priority 2: Front Range
          Roofing; priority 1 (Peak Roofers): Daily cap of 20 reached".
        </p>
      </DocSection>
      <DocSection title="Caps, delivery hours and pauses" description="On each buyer, in Buyers.">
        <ul>
          <li>
            Daily, weekly and monthly lead caps and a daily spend cap in credits, counted on the buyer's own
            clock: its day ends at its midnight, its week starts Monday.
          </li>
          <li>
            Delivery hours per weekday (for example Monday to Friday, 8:00 AM to 6:00 PM); outside them the
            buyer is skipped with "Outside delivery hours: opens 8:00 AM".
          </li>
          <li>
            Pause a buyer until a date or indefinitely; buyers can also pause and resume themselves from their
            portal.
          </li>
          <li>
            Every lead a buyer receives counts toward its caps, a preview included. A capped buyer is skipped
            with the reason ("Daily cap of 20 reached") and does not see that lead later.
          </li>
        </ul>
      </DocSection>
      <DocSection title="Lead filters" description="On each buyer, in Buyers.">
        <p>
          Filters on the form's answers keep leads a buyer does not want away from it, for example "Service
          needed is Roof repair or Roof replacement" or "Home owner is Yes". A lead must meet every filter; a
          form that does not ask the question is not filtered by it.
        </p>
      </DocSection>
      <DocSection title="Delivery into buyers' own systems">
        <p>
          Besides the new-lead e-mail, a buyer can add endpoints (in its portal's Settings → Lead delivery):
          each lead it receives in full is posted to its system as JSON or form fields, signed with the
          endpoint's secret, retried for about 15 minutes when the system does not answer. Each lead's details
          show every delivery attempt with its status code.
        </p>
      </DocSection>
      <DocSection
        title="Returns and refunds"
        description="Returns in the sidebar; the window and reasons in Settings."
      >
        <p>
          A buyer may return a lead it bought with credits within your return window (7 days unless you set
          another), with a reason from your list and a note. Approve or reject each one from{" "}
          <DocLink to="/dashboard/returns">Returns</DocLink>: approval refunds the credits through the ledger
          (once, whatever happens) and may put the slot back on sale. Both sides are e-mailed, and the
          dashboard shows the return rate per buyer and per form.
        </p>
      </DocSection>
    </>
  );
}
