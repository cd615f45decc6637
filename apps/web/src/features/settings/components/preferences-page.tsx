import type { TPreferences, TPreferencesInput } from "@leadpost/shared";
import { PREFERENCE_CURRENCIES, PREFERENCE_TIME_ZONES } from "@leadpost/shared/domain/preference-options";
import { PREFERENCE_COUNTRIES } from "@leadpost/shared/domain/preferences";
import { SETTINGS_MESSAGES } from "@leadpost/shared/domain/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { ApiError } from "@/lib/api-error";
import { displayPreferencesKey } from "@/lib/preferences/use-display-format";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { toast } from "@/lib/toast";
import { fetchPreferences, savePreferences } from "../api";
import { AccessDenied } from "./access-denied";

const KEY = ["settings", "preferences"] as const;
type TOption = { value: string; label: string };
const COUNTRIES: readonly TOption[] = PREFERENCE_COUNTRIES.map((c) => ({ value: c.value, label: c.value }));
const TOGGLES = [
  ["hideCustomerName", "Hide customer name"],
  ["hideCustomerPhone", "Hide customer phone"],
  ["hideCustomerAddress", "Hide customer address"],
] as const;
const selectClass = "h-9 w-full rounded-md border bg-background px-3 text-sm";
type TSelectKey = "country" | "currency" | "timezone";

/** 003 §2.8: country, currency, timezone and the three customer-detail toggles. */
export function PreferencesPage() {
  const isAdmin = useIsCompanyAdmin();
  const queryClient = useQueryClient();
  const prefs = useQuery({
    queryKey: KEY,
    enabled: isAdmin,
    queryFn: ({ signal }) => fetchPreferences(signal),
  });
  const [draft, setDraft] = useState<TPreferences | null>(null);
  const [errors, setErrors] = useState<Partial<Record<TSelectKey, string>>>({});
  useEffect(() => {
    if (prefs.data) setDraft(prefs.data);
  }, [prefs.data]);
  const save = useMutation({
    mutationFn: (p: TPreferences) =>
      // A value stored before the lists were fixed goes as it is: the server answers with the field's error.
      savePreferences(p as TPreferencesInput),
    onSuccess: (saved) => {
      setErrors({});
      queryClient.setQueryData(KEY, saved);
      // Money and dates everywhere follow the new settings.
      void queryClient.invalidateQueries({ queryKey: displayPreferencesKey });
      toast.success(SETTINGS_MESSAGES.PREFERENCES_SAVED);
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields) {
        // Each message beside its field; the toast only says the save failed.
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
      }
      toast.error(SETTINGS_MESSAGES.PREFERENCES_SAVE_FAILED, { id: "preferences-save" });
    },
  });
  if (!isAdmin) return <AccessDenied />;
  const select = (key: TSelectKey, label: string, options: readonly TOption[]) => {
    const current = draft?.[key] ?? "";
    // A value saved before the lists were fixed still shows until another is chosen.
    const all =
      options.some((o) => o.value === current) || !current
        ? options
        : [{ value: current, label: current }, ...options];
    return (
      <FormField label={label} error={errors[key]}>
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={current}
            onChange={(e) => {
              setErrors((er) => ({ ...er, [key]: undefined }));
              setDraft((d) => (d ? { ...d, [key]: e.target.value } : d));
            }}
          >
            {all.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
    );
  };
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader
        title="Preferences"
        description="Regional settings and what buyers and members see of your customers."
      />
      {prefs.isPending && <Skeleton className="h-64 w-full" />}
      {prefs.isError && <p role="alert">{SETTINGS_MESSAGES.PREFERENCES_LOAD_FAILED}</p>}
      {draft && (
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(draft);
          }}
        >
          {select("country", "Country", COUNTRIES)}
          {select("currency", "Currency", PREFERENCE_CURRENCIES)}
          {select("timezone", "Timezone", PREFERENCE_TIME_ZONES)}
          <p className="text-muted-foreground text-sm">
            Hidden details stay out of what buyers see before they buy and of what members see (lead list,
            details and exports). Owners, admins and the buyers who bought a lead see it all.
          </p>
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
