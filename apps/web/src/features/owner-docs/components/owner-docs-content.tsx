import { DocLink, DocScreenshot, DocSection } from "./doc-parts";

/* The texts of the owner documentation. They describe the product as it works; keep them in step with it. */

export function OverviewDoc() {
  return (
    <>
      <DocSection title="How Leadpost works" description="From a visitor's answers to a sold lead.">
        <ol>
          <li>
            <strong>Capture.</strong> You publish a form and place it on your site (a link, an iframe or our
            embed script). Every submission is stored before the visitor sees the thank-you message.
          </li>
          <li>
            <strong>Create the lead.</strong> Leadpost reads the name, e-mail, phone, ZIP code, city, state
            and service from the answers and places the ZIP code on the map.
          </li>
          <li>
            <strong>Route.</strong> Your active buyers whose service area covers the lead, and whose niche
            matches the form's, are matched. Every decision is saved with its reason.
          </li>
          <li>
            <strong>Distribute.</strong> Buyers with All You Can Eat or prepaid leads get the lead in full
            first, in turn. The other matched buyers get a preview and can unlock it with credits while slots
            remain.
          </li>
          <li>
            <strong>Work the lead.</strong> Buyers see their leads in the Lead Buyer Portal and track them as
            New, Contacted, Qualified, Converted or Lost.
          </li>
        </ol>
      </DocSection>
      <DocSection title="Who can do what">
        <ul>
          <li>
            <strong>Owner</strong> and <strong>Admin</strong>: everything, including buyers, niches, credits,
            deleting leads and the company settings.
          </li>
          <li>
            <strong>Member</strong>: sees forms, leads, buyers and niches; changes to buyers, credits and
            settings are refused.
          </li>
          <li>
            <strong>Lead buyers</strong> only see the Lead Buyer Portal. An owner or admin who is also a buyer
            switches between the two from the header.
          </li>
        </ul>
      </DocSection>
      <DocSection title="Plans and seats">
        <p>
          A new company starts with a 14-day free trial and 2 seats (a seat is a company user). Paid plans are
          billed monthly through PayPal: Basic ($29.00, 10 seats, one buyer), Pro ($49.99, 25 seats) and
          Enterprise ($99.00, 100 seats). The banner at the top of the company pages counts down the trial.
        </p>
      </DocSection>
    </>
  );
}

export function FormsDoc() {
  return (
    <>
      <DocSection title="Building a form" description="Forms → New Form, or Edit on a form's card.">
        <ul>
          <li>
            Add questions from the palette: short text, e-mail, phone, long text, dropdown, single choice,
            checkboxes, plus a heading, an image, a page break and the submit button.
          </li>
          <li>
            Reorder by dragging a row, with its arrow buttons, or with Alt+Arrow Up/Down. Select a question to
            change its label, placeholder, options, width and whether it is required.
          </li>
          <li>
            Form settings: header, several steps with a progress bar, colours, the submit button, the success
            message or a redirect address, consent text (saved with every submission), the niche, the sale
            cap, a buyer list, and e-mail routing entries.
          </li>
          <li>The preview on the right is drawn by the same code as the public form.</li>
        </ul>
        <DocScreenshot
          src="/docs/form-builder.png"
          alt="The form builder with the field palette, the field list and the live preview"
          caption="The form builder."
        />
      </DocSection>
      <DocSection title="Sale cap, niche and buyer list">
        <ul>
          <li>
            <strong>Sale cap</strong>: how many buyers may get each lead: 1 (exclusive), 2, 3, 5 or 10.
          </li>
          <li>
            <strong>Niche</strong>: only buyers of that niche are matched. Without one, every niche is.
          </li>
          <li>
            <strong>Buyer list</strong>: only the listed buyers are considered.
          </li>
          <li>
            <strong>E-mail routing entries</strong>: addresses that receive the lead by e-mail when it falls
            in their ZIP code and radius, or their city and state.
          </li>
        </ul>
      </DocSection>
      <DocSection title="Publishing and embedding">
        <p>
          Publish makes the form public at its own address. The embed code gives an iframe and a script that
          resizes it to fit. Unpublish stops new submissions; deleting a form keeps its leads.
        </p>
        <p>
          Spam protection is built in: a hidden field and a minimum filling time of 2 seconds. Suspected spam
          is stored and flagged but never becomes a lead. Submissions are also limited per visitor and per
          form each minute.
        </p>
      </DocSection>
    </>
  );
}

export function LeadsDoc() {
  return (
    <>
      <DocSection title="The leads list" description={"Leads in the sidebar."}>
        <ul>
          <li>
            Search by name, e-mail, phone, city or ZIP code; filter by form, niche, status and dates. Filters
            stay in the address, so a view can be bookmarked.
          </li>
          <li>
            Status: <strong>New</strong> (not routed yet), <strong>Routed</strong>, <strong>Unrouted</strong>{" "}
            (no usable location: assign it by hand) and <strong>Sold out</strong> (the sale cap is reached).
          </li>
          <li>Export CSV downloads the filtered list with every answer and the source data.</li>
        </ul>
        <DocScreenshot
          src="/docs/leads.png"
          alt="The leads table with search and filters"
          caption="Leads with their status, source form and location."
        />
      </DocSection>
      <DocSection title="A lead's details">
        <p>Opening a lead shows every answer, where it came from and what routing did with it:</p>
        <ul>
          <li>
            Source: UTM parameters, Google and Facebook click ids, the referrer, the landing page and the
            consent text the visitor saw.
          </li>
          <li>
            Routing decisions: for each buyer near the lead, whether it matched and why not (inactive, paused,
            another niche, outside the service radius with the distance, sale cap reached).
          </li>
          <li>The buyers holding the lead, as a preview or in full.</li>
        </ul>
        <p>
          A lead with the same e-mail or phone as another lead of the last 30 days is flagged as a duplicate
          and not sold again. Owners and admins may delete a lead until a buyer holds it in full.
        </p>
      </DocSection>
    </>
  );
}

export function BuyersDoc() {
  return (
    <>
      <DocSection title="Managing buyers" description="Buyers in the sidebar.">
        <ul>
          <li>Tabs Active, Pending, Inactive and All Buyers, with a niche filter.</li>
          <li>
            <strong>Add Buyer</strong> creates an active buyer at once: it starts receiving leads.{" "}
            <strong>Invite Buyer</strong> e-mails a link (valid 7 days) with which the buyer creates an
            account for the Lead Buyer Portal.
          </li>
          <li>
            A buyer's service area is its ZIP code and radius (1 to 500 miles, 50 by default); its price per
            lead is its own cost per lead, else its niche's price.
          </li>
          <li>
            Packages: <strong>All You Can Eat</strong> (every matched lead in full), prepaid leads (counted
            down per lead), or credits for unlocking previews.
          </li>
          <li>
            Archiving asks you to type the buyer's company name and is refused while it has prepaid leads or
            credits left. Its purchases stay on record.
          </li>
        </ul>
        <DocScreenshot
          src="/docs/buyers.png"
          alt="The buyers page with the status tabs and a buyer card"
          caption="Buyers by status, with their niche, area and package."
        />
      </DocSection>
      <DocSection title="Applications and niches">
        <p>
          Share your application link (<code>/register?company=…</code>) and prospective buyers apply; you are
          e-mailed and find them under Pending. Approve one by sending an invitation.
        </p>
        <p>
          <DocLink to="/dashboard/niches">Niches</DocLink> are the services you sell, each with a default
          price. A niche cannot be deleted while buyers use it. The Basic plan allows one buyer.
        </p>
      </DocSection>
    </>
  );
}

export function CreditsDoc() {
  return (
    <>
      <DocSection title="Credits and the ledger" description="Credits in the sidebar (owners and admins).">
        <ul>
          <li>
            Every buyer has one wallet, shown to the buyer as Organization Credits. Unlocking a preview costs
            the buyer's price divided by your credit value (1 USD per credit by default), rounded up.
          </li>
          <li>
            Grant or revoke credits with a reason and an optional note; a grant may expire on a date. A
            balance can never go below zero, and a repeated request is never booked twice.
          </li>
          <li>
            Every change is a ledger entry (grant, promo, purchase, consume, revoke, expire, refund) that is
            never edited or deleted. Export the ledger as CSV.
          </li>
        </ul>
        <DocScreenshot
          src="/docs/credits.png"
          alt="The Lead Credits page with the grant form and the ledger"
          caption="Granting credits and the ledger."
        />
      </DocSection>
      <DocSection title="Buyers buying credits">
        <p>
          Buyers buy packs of 10, 25 or 50 credits (1 USD each, 1 to 999 at a time) on Buy Credits, paid to
          your own PayPal account. Set your PayPal client ID and secret (sandbox and live) in the company
          settings; until then the buyer sees "PayPal Not Configured". Credits are added only after PayPal
          confirms the payment, exactly once.
        </p>
      </DocSection>
      <DocSection
        title="Lead returns"
        description="Returns in the sidebar; the rules under Settings → Returns."
      >
        <p>
          A buyer may return a lead it bought with credits within your return window (7 days unless you set
          another) for one of your reasons (Wrong number, Duplicate and Out of area at first; a reason you do
          not list, such as "Not interested", is refused). Each lead can be returned once.
        </p>
        <p>
          Returns waiting for you are counted beside <DocLink to="/dashboard/returns">Returns</DocLink>.
          Approving gives the buyer its credits back as a refund entry in the ledger, once, and can free the
          lead's slot so another buyer may buy it; rejecting changes no balance. Either way you may add a
          note, and the buyer is e-mailed. Turn on automatic approval for leads whose phone you marked invalid
          (Mark phone invalid on a lead's details). The dashboard shows the return rate per buyer and per
          form.
        </p>
      </DocSection>
    </>
  );
}

export function CallsDoc() {
  return (
    <>
      <DocSection
        title="Call Center"
        description="Call Center in the sidebar; telephony runs on your Twilio account."
      >
        <ul>
          <li>
            Connect Twilio with your account SID and auth token in the settings, then add your phone numbers.
          </li>
          <li>
            Each number rings its routing numbers or available agents one after another, in rotation across
            calls, or all at once. Calls can be recorded, with a message played first.
          </li>
          <li>
            When nobody answers, callers reach voicemail with your greeting (spoken or uploaded audio);
            voicemails can be transcribed.
          </li>
          <li>Blocked numbers are rejected before they ring anyone.</li>
          <li>
            The live dashboard shows calls as they happen; the call history and voicemails keep every call
            with its status, duration and recording. The dashboard tiles count total and completed calls and
            the average duration.
          </li>
        </ul>
      </DocSection>
      <DocSection title="Call tracking" description="Call Center → Call Tracking.">
        <p>
          Give each traffic source (Google, Facebook, Bing, direct, other) its own tracking number and paste
          the small script on your site: it shows each visitor the number of the source they came from, in
          text and in tap-to-call links, so every call is credited to the right source.
        </p>
      </DocSection>
    </>
  );
}
