import { CREDIT_VALUE_DEFAULT, CREDIT_VALUE_MIN, SETTINGS_MESSAGES } from "@leadpost/shared/domain/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/lib/toast";
import { setSandboxMode, settingsKeys } from "../api";
import { LogoField } from "./logo-field";
import { TextSetting, type TTabProps } from "./setting-fields";

const SANDBOX_RELOAD_MS = 1500;
const CACHE_RELOAD_MS = 1000;

/** 002: a credit value that does not parse falls back to 1. */
export const parseCreditValue = (raw: string) => {
  const n = Number.parseFloat(raw);
  return Number.isFinite(n) ? n : CREDIT_VALUE_DEFAULT;
};

export function GeneralTab(props: TTabProps & { isOwner: boolean }) {
  const queryClient = useQueryClient();
  const [sandbox, setSandbox] = useState(props.settings.isSandboxMode);
  const [creditText, setCreditText] = useState(String(props.settings.creditValueUsd));
  const mode = useMutation({
    mutationFn: setSandboxMode,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.company, saved);
      toast.success(saved.isSandboxMode ? "Sandbox mode on" : "Live mode on");
      setTimeout(() => window.location.reload(), SANDBOX_RELOAD_MS);
    },
    onError: (_e, wanted) => {
      setSandbox(!wanted);
      toast.error(SETTINGS_MESSAGES.MODE_FAILED);
    },
  });
  const clearCache = async () => {
    if ("caches" in window) for (const key of await caches.keys()) await caches.delete(key);
    sessionStorage.clear();
    queryClient.clear();
    toast.success("App cache cleared. Reloading…");
    setTimeout(() => window.location.reload(), CACHE_RELOAD_MS);
  };

  return (
    <div className="grid gap-6">
      <div className="flex items-center justify-between gap-4 rounded-md border p-4">
        <div className="space-y-1">
          <Label htmlFor="sandbox-mode">Sandbox mode</Label>
          <p className="text-muted-foreground text-sm">
            In sandbox mode payments use your PayPal sandbox app; switch off to take live payments.
          </p>
        </div>
        <Switch
          id="sandbox-mode"
          checked={sandbox}
          disabled={mode.isPending}
          onCheckedChange={(on) => {
            setSandbox(on);
            mode.mutate(on);
          }}
        />
      </div>
      <TextSetting {...props} name="name" label="Company name" />
      <LogoField settings={props.settings} />
      <FormField
        label="Credit value ($ per credit)"
        hint="What one credit is worth; lead prices are divided by it."
        error={props.errors?.creditValueUsd}
      >
        {(control) => (
          <Input
            {...control}
            name="creditValueUsd"
            type="number"
            step="0.01"
            min={CREDIT_VALUE_MIN}
            value={creditText}
            onChange={(e) => {
              setCreditText(e.target.value);
              props.set("creditValueUsd", parseCreditValue(e.target.value));
            }}
          />
        )}
      </FormField>
      {props.isOwner && (
        <div>
          <Button type="button" variant="outline" onClick={() => void clearCache()}>
            <RefreshCw aria-hidden="true" />
            Clear App Cache &amp; Reload
          </Button>
        </div>
      )}
    </div>
  );
}
