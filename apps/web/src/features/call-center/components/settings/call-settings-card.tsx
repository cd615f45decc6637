import type { TCallSettings } from "@leadpost/shared";
import { ROUTING_STRATEGIES } from "@leadpost/shared/domain/calls";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { QueryState } from "@/components/ui/query-states";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import { callCenterKeys, fetchCallSettings, updateCallSettings } from "../../api";
import { STRATEGY_LABEL } from "../../lib/format";

type TSwitchKey = "recordCalls" | "voicemailEnabled" | "transcribeVoicemail";
const SWITCHES: { key: TSwitchKey; label: string; hint: string }[] = [
  {
    key: "recordCalls",
    label: "Record calls",
    hint: "Every number records its calls (a number can record on its own while this is off).",
  },
  {
    key: "voicemailEnabled",
    label: "Voicemail",
    hint: "When nobody answers, callers can leave a message. Off: they hear that nobody is available.",
  },
  {
    key: "transcribeVoicemail",
    label: "Transcribe voicemail",
    hint: "Voicemails get a written transcription. Needs voicemail on.",
  },
];

/** Company-wide call settings (002 §3): each change is saved at once, by name. */
export function CallSettingsCard({ canChange }: { canChange: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: callCenterKeys.settings,
    queryFn: ({ signal }) => fetchCallSettings(signal),
  });
  const save = useMutation({
    mutationFn: updateCallSettings,
    onSuccess: (result) => {
      queryClient.setQueryData(callCenterKeys.settings, { settings: result.settings });
      toast.success(result.message);
    },
    onError: (err) => toast.error(`Failed to update settings: ${presentApiError(err).message}`),
  });
  const change = (changes: Partial<TCallSettings>) => save.mutate(changes);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Call settings</CardTitle>
        <CardDescription>
          Company-wide: the defaults of every number that does not set its own. A new number starts with this
          routing strategy.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState query={settings} label="Loading call settings" failure="Failed to load settings">
          {({ settings: s }) => (
            <div className="grid grid-cols-1 gap-4">
              <div className="grid grid-cols-1 gap-2">
                <Label htmlFor={`${id}-strategy`}>Routing strategy</Label>
                <Select
                  value={s.routingStrategy}
                  disabled={!canChange || save.isPending}
                  onValueChange={(v) => change({ routingStrategy: v as TCallSettings["routingStrategy"] })}
                >
                  <SelectTrigger id={`${id}-strategy`} className="w-full sm:w-64">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {ROUTING_STRATEGIES.map((strategy) => (
                      <SelectItem key={strategy} value={strategy}>
                        {STRATEGY_LABEL[strategy]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              {SWITCHES.map(({ key, label, hint }) => (
                <div key={key} className="flex items-start justify-between gap-4">
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-${key}`}>{label}</Label>
                    <p className="text-muted-foreground text-sm">{hint}</p>
                  </div>
                  <Switch
                    id={`${id}-${key}`}
                    checked={s[key]}
                    // 002 §4: transcription is off and disabled unless voicemail is on.
                    disabled={
                      !canChange || save.isPending || (key === "transcribeVoicemail" && !s.voicemailEnabled)
                    }
                    onCheckedChange={(on) => change({ [key]: on })}
                  />
                </div>
              ))}
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
