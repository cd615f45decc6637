import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { BuyersDoc, CallsDoc, CreditsDoc, FormsDoc, LeadsDoc, OverviewDoc } from "./owner-docs-content";

// Beyond the specification's screens: loaded when its tab opens.
const DistributionDoc = lazy(() => import("./distribution-doc"));

const TABS = [
  { value: "overview", label: "Overview", Content: OverviewDoc },
  { value: "forms", label: "Forms", Content: FormsDoc },
  { value: "leads", label: "Leads", Content: LeadsDoc },
  { value: "buyers", label: "Buyers", Content: BuyersDoc },
  { value: "distribution", label: "Distribution", Content: DistributionDoc },
  { value: "credits", label: "Credits", Content: CreditsDoc },
  { value: "calls", label: "Calls", Content: CallsDoc },
] as const;

/** 003 §2.7 owner documentation (/dashboard/docs): how Leadpost works, screen by screen. */
export function OwnerDocsPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.value === params.get("tab")) ? params.get("tab")! : "overview";
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader
        title="Documentation"
        description="How Leadpost captures leads, routes them to your buyers and sells them."
      />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Content }) => (
          <TabsContent key={value} value={value} className="grid gap-4 pt-2">
            <Suspense fallback={<p className="text-muted-foreground text-sm">Loading…</p>}>
              <Content />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
