import { BookOpen, Building2, Clock, Mail, Settings, Undo2 } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { useBuyerSummary } from "../hooks/use-buyer-portal";
import { HelpGuidesSection } from "./buyer-help-guides-section";
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
      <HelpGuidesSection />
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
