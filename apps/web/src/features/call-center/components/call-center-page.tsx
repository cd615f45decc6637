import { useQuery } from "@tanstack/react-query";
import { lazyPanel } from "@/components/ui/lazy-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { usePhoneDisplay } from "@/lib/phone-display";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useTabParam } from "@/lib/use-tab-param";
import { callCenterKeys, fetchVoicemails } from "../api";
import { useCallCenterLive } from "../hooks/use-call-center-live";
import { LiveDashboardTab } from "./live-dashboard-tab";
import { TestCallButton } from "./test-call-button";
import { TwilioIndicator } from "./twilio-indicator";

// The page opens on Live Dashboard; every other tab's code loads when the tab is first opened (ON_DEMAND in
// on-demand.mjs), with the loading skeleton meanwhile.
const CallHistoryTab = lazyPanel(async () => (await import("./call-history-tab")).CallHistoryTab);
const VoicemailsTab = lazyPanel(async () => (await import("./voicemails-tab")).VoicemailsTab);
const BlockedNumbersTab = lazyPanel(async () => (await import("./blocked-numbers-tab")).BlockedNumbersTab);
const CallAnalyticsTab = lazyPanel(async () => (await import("./call-analytics-tab")).CallAnalyticsTab);
const DebuggerTab = lazyPanel(async () => (await import("./debugger-tab")).DebuggerTab);
const CallCenterSettingsTab = lazyPanel(
  async () => (await import("./settings/call-center-settings-tab")).CallCenterSettingsTab,
);

const TABS = ["live", "history", "voicemails", "blocked", "analytics", "debugger", "settings"] as const;

/** /dashboard/calls: the call center in seven tabs (002 "Call Center page"). */
export function CallCenterPage() {
  useDocumentTitle("Call Center");
  useCallCenterLive();
  // Numbers of another country are drawn again once the phone library has formatted them.
  usePhoneDisplay();
  const isAdmin = useIsCompanyAdmin();
  const [tab, setTab] = useTabParam(TABS);
  const voicemails = useQuery({
    queryKey: callCenterKeys.voicemails,
    queryFn: ({ signal }) => fetchVoicemails(signal),
  });
  const unread = voicemails.data?.unread ?? 0;
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Call Center"
        description="Live calls, history, voicemail and how your Twilio numbers route callers."
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {/* Settings shows its own indicator beside its sections. */}
            {tab !== "settings" && <TwilioIndicator />}
            {isAdmin && <TestCallButton />}
          </div>
        }
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          <TabsTrigger value="live" className="flex-none">
            Live Dashboard
          </TabsTrigger>
          <TabsTrigger value="history" className="flex-none">
            Call History
          </TabsTrigger>
          <TabsTrigger value="voicemails" className="flex-none">
            Voicemails{unread > 0 ? ` (${unread})` : ""}
          </TabsTrigger>
          <TabsTrigger value="blocked" className="flex-none">
            Blocked Numbers
          </TabsTrigger>
          <TabsTrigger value="analytics" className="flex-none">
            Analytics
          </TabsTrigger>
          <TabsTrigger value="debugger" className="flex-none">
            Debugger
          </TabsTrigger>
          <TabsTrigger value="settings" className="flex-none">
            Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="live">
          <LiveDashboardTab canChange={isAdmin} />
        </TabsContent>
        <TabsContent value="history">
          <CallHistoryTab canChange={isAdmin} />
        </TabsContent>
        <TabsContent value="voicemails">
          <VoicemailsTab />
        </TabsContent>
        <TabsContent value="blocked">
          <BlockedNumbersTab canChange={isAdmin} />
        </TabsContent>
        <TabsContent value="analytics">
          <CallAnalyticsTab />
        </TabsContent>
        <TabsContent value="debugger">
          <DebuggerTab />
        </TabsContent>
        <TabsContent value="settings">
          <CallCenterSettingsTab canChange={isAdmin} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
