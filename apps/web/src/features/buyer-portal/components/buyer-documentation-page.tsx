import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";

const TABS = [
  {
    id: "overview",
    title: "Overview",
    body: [
      "The Lead Buyer Portal is where you receive leads from your lead provider. New leads in your service area and niche arrive as previews: you see where and what, but not who.",
      "Your dashboard shows your profile, your package, how many full leads and previews you have, your credits, and your six newest previews.",
    ],
  },
  {
    id: "leads",
    title: "Leads",
    body: [
      "Available Leads lists every preview with filters by place and availability. Each shows how many of its slots are sold (for example 1 of 3 slots sold); a sold-out lead cannot be unlocked.",
      "Purchase Lead opens a summary with your balance, the cost and your new balance. After unlocking, the lead with its contact details moves to My Leads.",
      "Delete removes previews you don't want from your list; select several to delete them together.",
    ],
  },
  {
    id: "credits",
    title: "Credits",
    body: [
      "Credits pay for unlocking leads. A lead's cost is its price divided by the value of one credit, rounded up, and it is shown before you confirm.",
      "A purchase is charged once, even if you click twice or retry. Buy credit packs (10, 25 or 50 credits, 1 to 999 at a time) on Buy Credits; a warning shows when fewer than 10 credits are left.",
      "A package (prepaid leads) or all-you-can-eat subscription delivers matching leads in full without credits.",
    ],
  },
  {
    id: "crm",
    title: "CRM",
    body: [
      "Every lead in My Leads has a status: New, Contacted, Qualified, Converted or Lost. Change it from the table or the lead's details, and keep notes on each lead.",
      "Filter by status, date or text, and export the leads you see to CSV for your own tools.",
    ],
  },
  {
    id: "settings",
    title: "Settings",
    body: [
      "Under Profile you can change your contact name, company name and phone number. Your e-mail, address, service area and niche are managed by your company administrator.",
      "Billing lists your credit pack payments with their status.",
    ],
  },
];

/** Spec 003 §2.7: buyer documentation in five tabs. */
export function BuyerDocumentationPage() {
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader title="Documentation" description="How the Lead Buyer Portal works." />
      <Tabs defaultValue="overview">
        <TabsList className="flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.title}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((t) => (
          <TabsContent key={t.id} value={t.id}>
            <Card>
              <CardContent className="grid gap-3 text-sm leading-relaxed">
                <h2 className="font-semibold text-base">{t.title}</h2>
                {t.body.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
