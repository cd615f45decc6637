import { formatPauseEnd, localDateTimeToInstant, type TBuyer, WEEKDAYS } from "@leadpost/shared";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import {
  buyerToCapsValues,
  capsPatch,
  type TBuyerCapsValues,
  type TDayRow,
  zoneOptions,
} from "../buyer-caps-values";

const CAPS = [
  { key: "dailyCap", label: "Daily cap (leads)" },
  { key: "weeklyCap", label: "Weekly cap (leads)" },
  { key: "monthlyCap", label: "Monthly cap (leads)" },
  { key: "spendCapCredits", label: "Spend cap (credits per day)" },
] as const;

const selectClass = "h-9 w-full rounded-md border bg-background px-3 text-sm dark:bg-input/30";

export type TBuyerCapsFieldsProps = {
  buyer: TBuyer;
  /** Field errors of the whole form, keyed by the API's field names. */
  errors: Partial<Record<string, string>>;
  /** The PATCH fields changed so far (docs/buyers.md "Caps and schedules"). */
  onChange: (patch: ReturnType<typeof capsPatch>) => void;
};

/** The Edit Buyer dialog's "Caps and delivery hours" section: caps, zone, delivery hours and pause. */
export function BuyerCapsSection({ buyer, errors, onChange }: TBuyerCapsFieldsProps) {
  const id = useId();
  const [initial] = useState(() => buyerToCapsValues(buyer));
  const [values, setValues] = useState(initial);
  const update = (next: TBuyerCapsValues) => {
    setValues(next);
    onChange(capsPatch(next, initial));
  };
  const set = <K extends keyof TBuyerCapsValues>(key: K, value: TBuyerCapsValues[K]) =>
    update({ ...values, [key]: value });
  const setDay = (i: number, row: Partial<TDayRow>) =>
    set(
      "days",
      values.days.map((d, j) => (j === i ? { ...d, ...row } : d)),
    );
  const fid = (key: string) => `${id}-${key}`;
  const pauseEnd = values.pauseUntil ? localDateTimeToInstant(values.pauseUntil, values.timeZone) : null;
  const paused = values.isPaused || (pauseEnd !== null && pauseEnd.getTime() > Date.now());

  return (
    <fieldset className="grid gap-4 rounded-lg border p-4" data-testid="buyer-caps-fields">
      <legend className="px-1 font-medium text-sm">Caps and delivery hours</legend>
      <p className="text-muted-foreground text-xs">
        Counted on the buyer's own clock; leave a cap empty for no cap. A cap of 0 takes no leads.
      </p>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {CAPS.map((c) => (
          <FormField key={c.key} id={fid(c.key)} label={c.label} error={errors[c.key]}>
            {(a11y) => (
              <Input
                {...a11y}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                placeholder="No cap"
                value={values[c.key]}
                onChange={(e) => set(c.key, e.target.value)}
              />
            )}
          </FormField>
        ))}
      </div>
      <FormField id={fid("zone")} label="Time zone" error={errors.timeZone}>
        {(a11y) => (
          <select
            {...a11y}
            className={selectClass}
            value={values.timeZone}
            onChange={(e) => set("timeZone", e.target.value)}
          >
            {zoneOptions(buyer.timeZone).map((z) => (
              <option key={z.value} value={z.value}>
                {z.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid gap-3">
        <div className="flex items-center justify-between gap-4">
          <div>
            <Label htmlFor={fid("scheduled")}>Delivery hours</Label>
            <p className="text-muted-foreground text-xs">
              {values.scheduled ? "Leads only inside these hours." : "Off: leads at any hour."}
            </p>
          </div>
          <Switch
            id={fid("scheduled")}
            checked={values.scheduled}
            onCheckedChange={(checked) => set("scheduled", checked)}
          />
        </div>
        {values.scheduled && (
          <ul className="grid gap-2" aria-label="Delivery hours per weekday">
            {WEEKDAYS.map((day, i) => {
              const row = values.days[i] ?? { open: false, from: "", to: "" };
              return (
                <li key={day} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <label className="flex w-32 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={row.open}
                      onChange={(e) => setDay(i, { open: e.target.checked })}
                    />
                    {day}
                  </label>
                  {row.open ? (
                    <span className="flex min-w-0 flex-1 basis-56 items-center gap-2">
                      <Input
                        type="time"
                        aria-label={`${day} from`}
                        className="min-w-0 flex-1 px-2"
                        value={row.from}
                        onChange={(e) => setDay(i, { from: e.target.value })}
                      />
                      <span aria-hidden="true">–</span>
                      <Input
                        type="time"
                        aria-label={`${day} to`}
                        className="min-w-0 flex-1 px-2"
                        value={row.to}
                        onChange={(e) => setDay(i, { to: e.target.value })}
                      />
                    </span>
                  ) : (
                    <span className="text-muted-foreground text-sm">Closed</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {errors.deliveryHours && (
          <p role="alert" className="text-destructive text-sm">
            {errors.deliveryHours}
          </p>
        )}
        {values.scheduled && <p className="text-muted-foreground text-xs">A "to" of 00:00 is midnight.</p>}
      </div>
      <div className="grid gap-2">
        <FormField
          id={fid("pause")}
          label="Pause leads until…"
          error={errors.pausedUntil}
          hint="In the buyer's time zone; empty for no dated pause."
        >
          {(a11y) => (
            <Input
              {...a11y}
              type="datetime-local"
              value={values.pauseUntil}
              onChange={(e) => set("pauseUntil", e.target.value)}
            />
          )}
        </FormField>
        <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="buyer-pause-state">
          <span className={paused ? "font-medium text-warning" : "text-muted-foreground"}>
            {values.isPaused
              ? "Paused indefinitely"
              : paused && pauseEnd
                ? `Paused until ${formatPauseEnd(pauseEnd, values.timeZone)}`
                : "Receiving leads"}
          </span>
          {paused && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => update({ ...values, pauseUntil: "", isPaused: false })}
            >
              Resume
            </Button>
          )}
        </div>
      </div>
    </fieldset>
  );
}
