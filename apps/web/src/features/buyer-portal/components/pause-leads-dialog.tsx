import { localDateTimeToInstant } from "@leadpost/shared";
import { useId, useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { Input } from "@/components/ui/input";
import { usePauseLeads } from "../hooks/use-buyer-caps";
import { zoneName } from "./zone-name";

type TPauseLeadsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; timeZone: string };

/** Loaded on the first "Pause leads" click (apps/web/on-demand.mjs). */
export function PauseLeadsDialog({ open, onOpenChange, timeZone }: TPauseLeadsDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <PauseForm timeZone={timeZone} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/** "Pause leads until…": a date and time in the buyer's zone, or indefinitely; the submit confirms. */
function PauseForm({ timeZone, onDone }: { timeZone: string; onDone: () => void }) {
  const id = useId();
  const [mode, setMode] = useState<"until" | "indefinitely">("until");
  const [local, setLocal] = useState("");
  const [error, setError] = useState<string | null>(null);
  const pause = usePauseLeads(onDone);

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (mode === "indefinitely") return pause.mutate({ pause: true, until: null });
    const at = localDateTimeToInstant(local, timeZone);
    if (!at || at.getTime() <= Date.now()) {
      setError("Pause end must be a date and time in the future");
      return;
    }
    setError(null);
    pause.mutate({ pause: true, until: at.toISOString() });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Pause leads</DialogTitle>
        <DialogDescription>
          While paused you receive no new leads or previews. Resume at any time from the dashboard.
        </DialogDescription>
      </DialogHeader>
      <fieldset className="grid gap-3">
        <legend className="sr-only">How long</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-mode`}
            className="accent-primary"
            checked={mode === "until"}
            onChange={() => setMode("until")}
          />
          Pause leads until…
        </label>
        {mode === "until" && (
          <div className="grid gap-1 pl-6">
            <Input
              type="datetime-local"
              aria-label="Pause until"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-zone`}
              value={local}
              onChange={(e) => setLocal(e.target.value)}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
                {error}
              </p>
            ) : (
              <p id={`${id}-zone`} className="text-muted-foreground text-xs">
                In {zoneName(timeZone)}.
              </p>
            )}
          </div>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-mode`}
            className="accent-primary"
            checked={mode === "indefinitely"}
            onChange={() => setMode("indefinitely")}
          />
          Indefinitely, until I resume
        </label>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pause.isPending}>
          Cancel
        </Button>
        <BusyButton type="submit" variant="destructive" busy={pause.isPending} disabled={pause.isPending}>
          Pause Leads
        </BusyButton>
      </DialogFooter>
    </form>
  );
}
