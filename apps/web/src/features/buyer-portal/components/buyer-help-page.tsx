import { BookOpen, Building2, Clock, Mail, Settings, Undo2 } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { useBuyerSummary } from "../hooks/use-buyer-portal";
import { LinkCard } from "./link-card";

/** Spec 003 §9. */
export const SUPPORT_HOURS = "9am-5pm EST";

const FAQ = [
  {
    q: "How do I unlock a lead?",
    a: "Open Available Leads (or your dashboard), choose Purchase Lead on a preview and confirm. The cost in credits and your new balance are shown before you unlock; the full lead then appears in My Leads.",
  },
  {
    q: 'What does "2 of 3 slots sold" mean?',
    a: "A lead can be sold to a limited number of buyers. When every slot is sold the lead is sold out and can no longer be unlocked; with two or fewer slots left you see a warning.",
  },
  {
    q: "How are credits charged?",
    a: "Unlocking a lead takes its price in credits from your balance, once. Trying again for a lead you already own never charges twice.",
  },
  {
    q: "How do I get more credits?",
    a: "Buy a credit pack on the Buy Credits page with PayPal, or ask your lead provider to add credits to your account.",
  },
  {
    q: "Can I remove previews I don't want?",
    a: "Yes. Delete a preview from its card, or select several and delete them together. Leads you have unlocked stay in My Leads.",
  },
];

/** Spec 003 §2.7: contact cards, a five-item FAQ, learning resources and support hours. */
export function BuyerHelpPage() {
  const summary = useBuyerSummary();
  const company = summary.data?.company;
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title="Help" description="Answers to common questions and how to reach us." />
      <div className="grid gap-4 md:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Building2 className="size-4 text-muted-foreground" aria-hidden="true" />
              Your lead provider
            </CardTitle>
            <CardDescription>{company?.name ?? "Your company"}</CardDescription>
          </CardHeader>
          <CardContent className="text-sm">Questions about leads, credits or your service area.</CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
              Email support
            </CardTitle>
            <CardDescription>We answer within one business day.</CardDescription>
          </CardHeader>
          <CardContent className="text-sm">
            {company?.supportEmail ? (
              <a
                className="text-primary underline-offset-4 hover:underline"
                href={`mailto:${company.supportEmail}`}
              >
                {company.supportEmail}
              </a>
            ) : (
              <span className="text-muted-foreground">Ask your company administrator.</span>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
              Support hours
            </CardTitle>
            <CardDescription>Monday to Friday</CardDescription>
          </CardHeader>
          <CardContent className="font-medium text-sm">{SUPPORT_HOURS}</CardContent>
        </Card>
      </div>
      <section aria-labelledby="faq" className="grid gap-3">
        <h2 id="faq" className="font-semibold text-lg">
          Frequently Asked Questions
        </h2>
        <div className="divide-y rounded-lg border">
          {FAQ.map(({ q, a }) => (
            <details key={q} className="group px-4 py-3">
              <summary className="cursor-pointer font-medium outline-none focus-visible:underline">
                {q}
              </summary>
              <p className="mt-2 text-muted-foreground text-sm">{a}</p>
            </details>
          ))}
        </div>
      </section>
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
      <section aria-labelledby="resources" className="grid gap-3">
        <h2 id="resources" className="font-semibold text-lg">
          Learning Resources
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <LinkCard
            to="/buyer/documentation"
            icon={BookOpen}
            title="Documentation"
            text="How the portal works, step by step."
          />
          <LinkCard
            to="/buyer/returns"
            icon={Undo2}
            title="Returns"
            text="Your returned leads and their state."
          />
          <LinkCard
            to="/buyer/settings"
            icon={Settings}
            title="Your settings"
            text="Keep your contact details current."
          />
        </div>
      </section>
    </div>
  );
}
