import { PLATFORM_ADMIN_MESSAGES, type TPlatformPayPalSettings } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { ErrorState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/lib/toast";
import { fetchPlatformPayPal, platformAdminKeys, regeneratePlans, savePlatformPayPal } from "../api";

type TMode = "sandbox" | "live";
const MODE_TITLE: Record<TMode, string> = { live: "Production", sandbox: "Sandbox" };
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 003 §2.11 PayPal settings: the platform's production and sandbox apps, and plan regeneration. */
export function ApiSettingsTab() {
  const settings = useQuery({
    queryKey: platformAdminKeys.paypal,
    queryFn: ({ signal }) => fetchPlatformPayPal(signal),
  });
  if (settings.isPending) return <LoadingBlock rows={3} />;
  if (settings.isError) {
    return (
      <ErrorState
        title={PLATFORM_ADMIN_MESSAGES.LOAD_PAYPAL_FAILED}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <PayPalAppCard mode="live" settings={settings.data} />
        <PayPalAppCard mode="sandbox" settings={settings.data} />
      </div>
      <PlansCard settings={settings.data} />
    </div>
  );
}

function PayPalAppCard({ mode, settings }: { mode: TMode; settings: TPlatformPayPalSettings }) {
  const queryClient = useQueryClient();
  const app = settings[mode];
  const [clientId, setClientId] = useState(app.clientId ?? "");
  const [secret, setSecret] = useState("");
  const [webhookId, setWebhookId] = useState(app.webhookId ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: savePlatformPayPal,
    onSuccess: (data) => {
      queryClient.setQueryData(platformAdminKeys.paypal, data);
      setSecret("");
      toast.success(`${MODE_TITLE[mode]} PayPal settings saved`);
    },
    onError: (err) => toast.error(PLATFORM_ADMIN_MESSAGES.SAVE_FAILED, { description: err.message }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const unchanged =
      clientId.trim() === (app.clientId ?? "") &&
      webhookId.trim() === (app.webhookId ?? "") &&
      !secret.trim();
    if (unchanged) {
      toast.info(PLATFORM_ADMIN_MESSAGES.NO_CHANGES);
      return;
    }
    if (!clientId.trim()) {
      setError("Client ID is required");
      return;
    }
    setError(null);
    save.mutate({
      mode,
      clientId: clientId.trim(),
      secret: secret.trim() || undefined,
      webhookId: webhookId.trim(),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {MODE_TITLE[mode]}
          <Badge variant={app.configured ? "default" : "secondary"}>
            {app.configured ? "Configured" : "Not configured"}
          </Badge>
        </CardTitle>
        <CardDescription>
          The platform's own PayPal app ({mode === "live" ? "PAYPAL_CLIENT_ID" : "PAYPAL_SANDBOX_CLIENT_ID"}),
          used for company subscriptions.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField label="Client ID" error={error ?? undefined}>
            {(field) => (
              <Input
                {...field}
                value={clientId}
                onChange={(e) => setClientId(e.target.value)}
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField
            label="Secret key"
            hint={
              app.secretLast4
                ? `Stored encrypted, ending in ${app.secretLast4}. Leave empty to keep it.`
                : "Stored encrypted; only its last four characters are ever shown."
            }
          >
            {(field) => (
              <Input
                {...field}
                type="password"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                placeholder={app.secretLast4 ? `•••• ${app.secretLast4}` : ""}
                autoComplete="new-password"
              />
            )}
          </FormField>
          <FormField label="Webhook ID (optional)">
            {(field) => (
              <Input
                {...field}
                value={webhookId}
                onChange={(e) => setWebhookId(e.target.value)}
                autoComplete="off"
              />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function PlansCard({ settings }: { settings: TPlatformPayPalSettings }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<TMode | null>(null);
  const regenerate = useMutation({
    mutationFn: regeneratePlans,
    onSuccess: (_data, mode) => {
      void queryClient.invalidateQueries({ queryKey: platformAdminKeys.paypal });
      toast.success(`${MODE_TITLE[mode]} plans regenerated`);
    },
    onError: (err) => toast.error("Failed to regenerate plans", { description: err.message }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscription plans</CardTitle>
        <CardDescription>
          Regenerating creates a product and one monthly plan per paid tier at PayPal and makes them the plans
          companies subscribe to. Existing subscriptions keep their plan.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          {(["live", "sandbox"] as const).map((mode) => (
            <Button
              key={mode}
              variant="outline"
              disabled={!settings[mode].configured || regenerate.isPending}
              onClick={() => setConfirming(mode)}
            >
              <RefreshCw
                aria-hidden="true"
                className={regenerate.isPending && regenerate.variables === mode ? "animate-spin" : undefined}
              />
              Regenerate {MODE_TITLE[mode].toLowerCase()} plans
            </Button>
          ))}
        </div>
        {settings.plans.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No plans yet. Save PayPal credentials, then regenerate.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Environment</TableHead>
                  <TableHead>Tier</TableHead>
                  <TableHead>Price / month</TableHead>
                  <TableHead>Seats</TableHead>
                  <TableHead>PayPal plan</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {settings.plans.map((plan) => (
                  <TableRow key={`${plan.mode}-${plan.tier}`}>
                    <TableCell>{MODE_TITLE[plan.mode]}</TableCell>
                    <TableCell className="capitalize">{plan.tier}</TableCell>
                    <TableCell>{usd.format(plan.priceCents / 100)}</TableCell>
                    <TableCell>{plan.seats}</TableCell>
                    <TableCell className="font-mono text-xs">{plan.providerPlanId}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Regenerate ${confirming ? MODE_TITLE[confirming].toLowerCase() : ""} plans?`}
        description="New plans are created at PayPal and new subscriptions will use them."
        confirmLabel="Regenerate"
        onConfirm={() => {
          if (confirming) regenerate.mutate(confirming);
          setConfirming(null);
        }}
      />
    </Card>
  );
}
