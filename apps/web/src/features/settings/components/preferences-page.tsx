import { SETTINGS_MESSAGES, type TPreferences, ZPreferencesSchema } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { apiClient } from "@/lib/api-client";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { toast } from "@/lib/toast";
import { AccessDenied } from "./settings-page";

const KEY = ["settings", "preferences"] as const;
const COUNTRIES = ["United States", "Canada", "United Kingdom", "Australia"];
const CURRENCIES = ["USD", "CAD", "GBP", "AUD", "EUR"];
const TIMEZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Toronto",
  "Europe/London",
  "Australia/Sydney",
];
const TOGGLES = [
  ["hideCustomerName", "Hide customer name"],
  ["hideCustomerPhone", "Hide customer phone"],
  ["hideCustomerAddress", "Hide customer address"],
] as const;
const selectClass = "h-9 rounded-md border bg-background px-3 text-sm";

/** 003 §2.8: country, currency, timezone and the three customer-detail toggles. */
export function PreferencesPage() {
  const isAdmin = useIsCompanyAdmin();
  const queryClient = useQueryClient();
  const prefs = useQuery({
    queryKey: KEY,
    enabled: isAdmin,
    queryFn: ({ signal }) =>
      apiClient.get("/api/settings/preferences", { schema: ZPreferencesSchema, signal }),
  });
  const [draft, setDraft] = useState<TPreferences | null>(null);
  useEffect(() => {
    if (prefs.data) setDraft(prefs.data);
  }, [prefs.data]);
  const save = useMutation({
    mutationFn: (p: TPreferences) =>
      apiClient.put("/api/settings/preferences", p, { schema: ZPreferencesSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      toast.success(SETTINGS_MESSAGES.SAVED);
    },
    onError: () => toast.error(SETTINGS_MESSAGES.SAVE_FAILED),
  });
  if (!isAdmin) return <AccessDenied />;
  const select = (key: "country" | "currency" | "timezone", label: string, options: string[]) => (
    <FormField label={label}>
      {(control) => (
        <select
          {...control}
          className={selectClass}
          value={draft?.[key] ?? ""}
          onChange={(e) => setDraft((d) => (d ? { ...d, [key]: e.target.value } : d))}
        >
          {[...new Set([draft?.[key] ?? "", ...options])].filter(Boolean).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title="Preferences"
        description="Regional settings and what buyers see of your customers."
      />
      {prefs.isPending && <Skeleton className="h-64 w-full" />}
      {prefs.isError && <p role="alert">{SETTINGS_MESSAGES.LOAD_FAILED}</p>}
      {draft && (
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft);
          }}
        >
          {select("country", "Country", COUNTRIES)}
          {select("currency", "Currency", CURRENCIES)}
          {select("timezone", "Timezone", TIMEZONES)}
          {TOGGLES.map(([key, label]) => (
            <div key={key} className="flex items-center justify-between gap-4 rounded-md border p-3">
              <Label htmlFor={key}>{label}</Label>
              <Switch
                id={key}
                checked={draft[key]}
                onCheckedChange={(on) => setDraft((d) => (d ? { ...d, [key]: on } : d))}
              />
            </div>
          ))}
          <div>
            <Button type="submit" disabled={save.isPending}>
              Save Preferences
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
