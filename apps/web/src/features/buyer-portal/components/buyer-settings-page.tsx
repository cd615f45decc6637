import { BUYER_PORTAL_MESSAGES } from "@leadpost/shared";
import { useSearchParams } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadingBlock, lazyPanel } from "@/components/ui/lazy-panel";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState } from "@/components/ui/query-states";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useBuyerProfile } from "../hooks/use-buyer-portal";
import { ProfileForm } from "./profile-form";

// The page opens on Profile; the Billing, Lead delivery and Leads (caps, pause and resume) tabs load when
// first opened: apps/web/on-demand.mjs.
const LeadsTab = lazyPanel(async () => (await import("./leads-tab")).LeadsTab);
const BillingHistory = lazyPanel(async () => (await import("./billing-history")).BillingHistory);
const DeliveryEndpointsPanel = lazyPanel(
  async () => (await import("@/components/lead-delivery/endpoints-panel")).DeliveryEndpointsPanel,
);

/** Spec 003 §2.6: Profile and Billing tabs, Lead delivery (docs/lead-delivery.md), and Leads (caps, pause). */
export function BuyerSettingsPage() {
  const profile = useBuyerProfile();
  const [params] = useSearchParams(); // ?tab=leads from the dashboard's Lead caps card
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageHeader title="Settings" description="Your profile, billing history and lead delivery." />
      <Tabs defaultValue={params.get("tab") === "leads" ? "leads" : "profile"}>
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="billing">Billing</TabsTrigger>
          <TabsTrigger value="delivery">Lead delivery</TabsTrigger>
          <TabsTrigger value="leads">Leads</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <CardHeader>
              <CardTitle>Profile</CardTitle>
              <CardDescription>How your company reaches you.</CardDescription>
            </CardHeader>
            <CardContent>
              {profile.isPending ? (
                <LoadingBlock rows={3} />
              ) : profile.isError ? (
                <ErrorState
                  title={BUYER_PORTAL_MESSAGES.LOAD_FAILED}
                  error={profile.error}
                  onRetry={() => void profile.refetch()}
                />
              ) : (
                <ProfileForm key={profile.data.id} profile={profile.data} />
              )}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="billing">
          <Card>
            <CardHeader>
              <CardTitle>Billing History</CardTitle>
              <CardDescription>Your credit pack payments.</CardDescription>
            </CardHeader>
            <CardContent>
              <BillingHistory />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="delivery">
          <Card>
            <CardHeader>
              <CardTitle>Lead delivery</CardTitle>
              <CardDescription>
                Have your leads posted into your own systems (a CRM, a dialer).
              </CardDescription>
            </CardHeader>
            <CardContent>
              <DeliveryEndpointsPanel base="/api/buyer-portal" canManage />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="leads">
          <LeadsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
