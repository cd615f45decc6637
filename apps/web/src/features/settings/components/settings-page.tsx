import { SETTINGS_MESSAGES } from "@leadpost/shared/domain/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { lazyPanel } from "@/components/ui/lazy-panel";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { isApiError } from "@/lib/api-error";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { useTabParam } from "@/lib/use-tab-param";
import { fetchCompanySettings, saveCompanySettings, settingsKeys } from "../api";
import { AccessDenied } from "./access-denied";
import { GeneralTab } from "./general-tab";
import type { TDraft, TTabProps } from "./setting-fields";
import { SubscriptionSection } from "./subscription-section";

// The page opens on General; every other tab's code loads when the tab is first opened (ON_DEMAND in
// on-demand.mjs), with the loading skeleton meanwhile.
const ApiKeysTab = lazyPanel(async () => (await import("./api-keys-tab")).ApiKeysTab);
const PaymentTab = lazyPanel(async () => (await import("./payment-tab")).PaymentTab);
const EmailTab = lazyPanel(async () => (await import("./email-tab")).EmailTab);
const TwilioTab = lazyPanel(async () => (await import("./twilio-tab")).TwilioTab);
const MapsTab = lazyPanel(async () => (await import("./maps-tab")).MapsTab);
const ReturnsTab = lazyPanel(async () => (await import("./returns-tab")).ReturnsTab);
const BackupTab = lazyPanel(async () => (await import("./backup-tab")).BackupTab);
const TeamTab = lazyPanel(async () => (await import("./team-tab")).TeamTab);

/** /owner/settings: Company Settings (002 §2), for owners and org admins only. */
export function SettingsPage() {
  const isAdmin = useIsCompanyAdmin();
  if (!isAdmin) return <AccessDenied />;
  return <CompanySettings />;
}

const TABS = [
  ["general", "General"],
  ["api-keys", "API Keys"],
  ["payment", "Payment"],
  ["email", "Email"],
  ["twilio", "Twilio"],
  ["maps", "Maps"],
  ["returns", "Returns"],
  ["backup", "Backup"],
  ["team", "Team"],
] as const;
const TAB_VALUES = TABS.map(([value]) => value);
/** Which tab shows each saved field, to open the one holding a refused value. */
const TAB_OF_FIELD: Partial<Record<keyof TDraft, (typeof TAB_VALUES)[number]>> = {
  name: "general",
  creditValueUsd: "general",
  emailDomain: "email",
  adminEmail: "email",
  senderEmail: "email",
  resendApiKey: "email",
  twilioAccountSid: "twilio",
  twilioAuthToken: "twilio",
  twilioWebhookBaseUrl: "twilio",
  googleMapsApiKey: "maps",
  mapboxToken: "maps",
  paypalClientId: "payment",
  paypalSecret: "payment",
  paypalSandboxClientId: "payment",
  paypalSandboxSecret: "payment",
  stripePublishableKey: "payment",
  stripeSecretKey: "payment",
  stripeTestPublishableKey: "payment",
  stripeTestSecretKey: "payment",
};

/**
 * "#subscription" (the trial banner's Upgrade): once the tabs above have their height, bring the
 * Subscription Settings panel into view and move the focus there. Runs again on each visit to the
 * address (a click on Upgrade while already here).
 */
function useScrollToSubscription(ready: boolean) {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new location key scrolls again on purpose.
  useEffect(() => {
    if (!ready || hash !== "#subscription") return;
    const panel = document.getElementById("subscription");
    panel?.scrollIntoView({ block: "start" });
    panel?.focus({ preventScroll: true });
  }, [ready, hash, key]);
}

function CompanySettings() {
  // In the address, so other screens can link to a tab (the call center's "Open Twilio settings").
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const { user } = useSession();
  const isOwner = user?.roles.find((r) => r.companyId === user.organizationId)?.role === "owner";
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: settingsKeys.company,
    queryFn: ({ signal }) => fetchCompanySettings(signal),
  });
  const [draft, setDraft] = useState<TDraft>({});
  const [errors, setErrors] = useState<TTabProps["errors"]>({});
  useScrollToSubscription(!settings.isPending);
  // The draft as it is now: an answer arriving after the user typed on speaks only of what was sent.
  const latest = useRef(draft);
  latest.current = draft;
  const save = useMutation({
    mutationFn: (sent: TDraft) => saveCompanySettings(sent),
    onSuccess: (saved, sent) => {
      queryClient.setQueryData(settingsKeys.company, saved);
      // What was typed while the save was on its way stays in the draft, still to be saved.
      setDraft((d) => editedSince(d, sent));
      setErrors({});
      toast.success(SETTINGS_MESSAGES.SAVED);
    },
    onError: (error, sent) => {
      // A refusal of a value the user has changed since is not shown beside the new value.
      const fields = isApiError(error) ? stillApplies(error.fields ?? {}, sent, latest.current) : undefined;
      if (fields && Object.keys(fields).length > 0) {
        // Each refusal beside its field, and the tab of the first one opened; one toast says so.
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
        const first = Object.keys(fields)[0] as keyof TDraft;
        const owner = TAB_OF_FIELD[first];
        if (owner) setTab(owner);
        toast.error(SETTINGS_MESSAGES.SAVE_FAILED, {
          id: "settings-save",
          description: "Please correct the highlighted fields.",
        });
        return;
      }
      toast.error(SETTINGS_MESSAGES.SAVE_FAILED, {
        id: "settings-save",
        description: isApiError(error) ? error.message : undefined,
      });
    },
  });
  const set: <K extends keyof TDraft>(key: K, value: TDraft[K]) => void = (key, value) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => (e?.[key] ? { ...e, [key]: undefined } : e));
  };

  const saveButton = (
    <Button onClick={() => save.mutate(draft)} disabled={save.isPending || !settings.isSuccess}>
      <Save aria-hidden="true" />
      {save.isPending ? "Saving…" : "Save Settings"}
    </Button>
  );

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="Company Settings"
        description="Company, integrations and billing."
        actions={saveButton}
      />
      {settings.isPending && <Skeleton className="h-96 w-full" />}
      {settings.isError && (
        <Card>
          <CardContent role="alert" className="flex flex-col items-start gap-3 py-6">
            <p>{SETTINGS_MESSAGES.LOAD_FAILED}</p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      )}
      {settings.isSuccess && (
        <Tabs value={tab} onValueChange={setTab} className="min-w-0">
          <TabsList className="flex h-auto w-full flex-wrap justify-start">
            {TABS.map(([value, label]) => (
              // A fixed height: the default (the list's height) lets a wrapped row at 390 px overlap the card.
              <TabsTrigger key={value} value={value} className="h-8">
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          <Card className="mt-4">
            <CardContent className="py-6">
              <TabsContent value="general">
                <GeneralTab
                  settings={settings.data}
                  draft={draft}
                  set={set}
                  errors={errors}
                  isOwner={isOwner}
                />
              </TabsContent>
              <TabsContent value="api-keys">
                <ApiKeysTab />
              </TabsContent>
              <TabsContent value="payment">
                <PaymentTab settings={settings.data} draft={draft} set={set} errors={errors} />
              </TabsContent>
              <TabsContent value="email">
                <EmailTab settings={settings.data} draft={draft} set={set} errors={errors} />
              </TabsContent>
              <TabsContent value="twilio">
                <TwilioTab settings={settings.data} draft={draft} set={set} errors={errors} />
              </TabsContent>
              <TabsContent value="maps">
                <MapsTab settings={settings.data} draft={draft} set={set} errors={errors} />
              </TabsContent>
              <TabsContent value="returns">
                <ReturnsTab />
              </TabsContent>
              <TabsContent value="backup">
                <BackupTab />
              </TabsContent>
              <TabsContent value="team">
                <TeamTab />
              </TabsContent>
            </CardContent>
          </Card>
        </Tabs>
      )}
      <SubscriptionSection pageReady={!settings.isPending} />
    </div>
  );
}

/** A draft's value of a field named by the server or the draft itself. */
const fieldValue = (draft: TDraft, key: string): unknown =>
  Object.getOwnPropertyDescriptor(draft, key)?.value;

/** The draft's edits a save has not stored: changed since it was sent, or not sent at all. */
function editedSince(draft: TDraft, sent: TDraft): TDraft {
  return Object.fromEntries(
    Object.entries(draft).filter(
      ([key, value]) => !(key in sent) || !Object.is(value, fieldValue(sent, key)),
    ),
  );
}

/** The refusals that still apply to the draft `now`: of fields not changed since the save was sent. */
function stillApplies(fields: Record<string, string[]>, sent: TDraft, now: TDraft): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([key]) => !(key in sent) || Object.is(fieldValue(now, key), fieldValue(sent, key)),
    ),
  );
}
