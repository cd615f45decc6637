import { Users } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { lazyPanel } from "@/components/ui/lazy-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ApiSettingsTab } from "./api-settings-tab";

// The page opens on API Settings; every other tab's code loads when the tab is first opened (ON_DEMAND in
// on-demand.mjs), with the loading skeleton meanwhile.
const UserAccountsTab = lazyPanel(async () => (await import("./user-accounts-tab")).UserAccountsTab);
const UserListTab = lazyPanel(async () => (await import("./user-list-tab")).UserListTab);
const AuditLogTab = lazyPanel(async () => (await import("./audit-log-tab")).AuditLogTab);

const TABS = [
  { value: "api", label: "API Settings" },
  { value: "accounts", label: "User Account Management" },
  { value: "buyers", label: "Lead Buyers" },
  { value: "owners", label: "Company Owners" },
  { value: "audit", label: "Audit Log" },
] as const;

/** 003 §2.10: /dashboard/developer, for platform admins only (the route guard sends others away). */
export function DeveloperSettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.value === params.get("tab")) ? params.get("tab")! : "api";
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Developer Settings"
        description="Platform-wide payment settings, user accounts, buyers and owners of every company."
        actions={
          <Button variant="outline" asChild>
            <Link to="/dashboard/developer/subscribers">
              <Users aria-hidden="true" />
              Subscribers
            </Link>
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="flex-none">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="api" className="pt-2">
          <ApiSettingsTab />
        </TabsContent>
        <TabsContent value="accounts" className="pt-2">
          <UserAccountsTab />
        </TabsContent>
        <TabsContent value="buyers" className="pt-2">
          <UserListTab kind="buyer" />
        </TabsContent>
        <TabsContent value="owners" className="pt-2">
          <UserListTab kind="owner" />
        </TabsContent>
        <TabsContent value="audit" className="pt-2">
          <AuditLogTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
