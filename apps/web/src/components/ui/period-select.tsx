import { useId } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** 002 §9 periods: 1, 7 (default), 30 and 90 days. */
export const PERIOD_DAYS = [1, 7, 30, 90] as const;

/** "Period: Last 7 days", for the analytics tabs. */
export function PeriodSelect({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const labelId = useId();
  return (
    <div className="flex items-center justify-end gap-2">
      <span className="text-muted-foreground text-sm" id={labelId}>
        Period
      </span>
      <Select value={String(days)} onValueChange={(v) => onChange(Number(v))}>
        <SelectTrigger className="w-36" aria-labelledby={labelId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PERIOD_DAYS.map((d) => (
            <SelectItem key={d} value={String(d)}>
              {d === 1 ? "Last 24 hours" : `Last ${d} days`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
