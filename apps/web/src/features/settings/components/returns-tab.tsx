import type { TReturnSettings } from "@leadpost/shared";
import { RETURN_WINDOW_MAX_DAYS } from "@leadpost/shared/domain/returns";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, X } from "lucide-react";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { QueryState } from "@/components/ui/query-states";
import { Switch } from "@/components/ui/switch";
import { isApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { fetchReturnSettings, saveReturnSettings } from "../api";

const KEY = ["returns", "settings"] as const;

/** Settings → Returns: how long buyers may return a lead, for which reasons, and the automatic rules. */
export function ReturnsTab() {
  const settings = useQuery({ queryKey: KEY, queryFn: ({ signal }) => fetchReturnSettings(signal) });
  return (
    <QueryState query={settings} label="Loading return settings" failure="Failed to load return settings">
      {(data) => <ReturnSettingsForm saved={data} />}
    </QueryState>
  );
}

function ReturnSettingsForm({ saved }: { saved: TReturnSettings }) {
  const queryClient = useQueryClient();
  const [windowDays, setWindowDays] = useState(String(saved.windowDays));
  const [reasons, setReasons] = useState<string[]>(saved.reasons);
  const [newReason, setNewReason] = useState("");
  const [autoApprove, setAutoApprove] = useState(saved.autoApprovePhoneInvalid);
  const [resell, setResell] = useState(saved.resellOnApprove);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useMutation({
    mutationFn: () =>
      saveReturnSettings({
        windowDays: Number(windowDays),
        reasons,
        autoApprovePhoneInvalid: autoApprove,
        resellOnApprove: resell,
      }),
    onSuccess: (next) => {
      setErrors({});
      queryClient.setQueryData(KEY, next);
      toast.success("Return settings saved");
    },
    onError: (e) => {
      setErrors(isApiError(e) ? (e.fields ?? {}) : {});
      toast.error("Return settings were not saved", { description: e.message });
    },
  });
  const addReason = () => {
    const r = newReason.trim();
    if (!r) return;
    setReasons((list) => [...list, r]);
    setNewReason("");
  };

  return (
    <form
      className="grid gap-6"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid max-w-xs gap-2">
        <Label htmlFor="return-window">Return window (days)</Label>
        <Input
          id="return-window"
          type="number"
          inputMode="numeric"
          min={1}
          max={RETURN_WINDOW_MAX_DAYS}
          value={windowDays}
          onChange={(e) => setWindowDays(e.target.value)}
          aria-invalid={errors.windowDays ? true : undefined}
          aria-describedby="return-window-hint"
        />
        <p
          id="return-window-hint"
          className={errors.windowDays ? "text-destructive text-sm" : "text-muted-foreground text-sm"}
        >
          {errors.windowDays?.[0] ?? "Buyers may return a lead this many days after buying it."}
        </p>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Return reasons</legend>
        <p className="text-muted-foreground text-sm">
          Buyers choose one of these. A reason that is not listed (such as "Not interested") is refused.
        </p>
        <ul className="flex flex-wrap gap-2">
          {reasons.map((r) => (
            <li key={r} className="flex items-center gap-1 rounded-md border py-1 pr-1 pl-2 text-sm">
              {r}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-6"
                aria-label={`Remove the reason ${r}`}
                onClick={() => setReasons((list) => list.filter((x) => x !== r))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
        <div className="flex max-w-md gap-2">
          <Input
            aria-label="New return reason"
            placeholder="Add a reason"
            value={newReason}
            maxLength={60}
            onChange={(e) => setNewReason(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                addReason();
              }
            }}
          />
          <Button type="button" variant="outline" onClick={addReason}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
        {errors.reasons?.[0] && <p className="text-destructive text-sm">{errors.reasons[0]}</p>}
      </fieldset>
      <div className="grid gap-4">
        <div className="flex items-start gap-3">
          <Switch id="return-auto-approve" checked={autoApprove} onCheckedChange={setAutoApprove} />
          <div className="grid gap-1">
            <Label htmlFor="return-auto-approve">
              Approve automatically when the lead's phone is marked invalid
            </Label>
            <p className="text-muted-foreground text-sm">
              Mark a phone invalid from the lead's detail under Leads; its returns are then approved without
              review.
            </p>
          </div>
        </div>
        <div className="flex items-start gap-3">
          <Switch id="return-resell" checked={resell} onCheckedChange={setResell} />
          <div className="grid gap-1">
            <Label htmlFor="return-resell">Free the slot for resale when approving</Label>
            <p className="text-muted-foreground text-sm">
              The returned lead can be bought by another buyer. You can still choose on each approval.
            </p>
          </div>
        </div>
      </div>
      <div>
        <BusyButton type="submit" busy={save.isPending}>
          Save return settings
        </BusyButton>
      </div>
    </form>
  );
}
