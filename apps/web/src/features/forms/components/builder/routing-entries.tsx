import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { TRoutingEntryDraft } from "../../lib/draft";
import { ChoiceSetting, NumberSetting, TextSetting } from "./inputs";

type TRoutingEntriesProps = {
  entries: TRoutingEntryDraft[];
  onChange: (entries: TRoutingEntryDraft[]) => void;
};

/** Form e-mail routing entries (001 §3): addresses that receive the lead when its location matches. */
export function RoutingEntries({ entries, onChange }: TRoutingEntriesProps) {
  const update = (index: number, patch: Partial<TRoutingEntryDraft>) =>
    onChange(entries.map((e, i) => (i === index ? { ...e, ...patch } : e)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 font-medium text-sm">E-mail routing</legend>
      <p className="text-muted-foreground text-xs">
        Each address receives leads whose location matches its city, state, or zip code and radius.
      </p>
      {entries.map((entry, index) => (
        <div key={index} className="grid gap-3 rounded-md border p-3 sm:grid-cols-2">
          <TextSetting
            label="E-mail"
            className="sm:col-span-2"
            value={entry.email}
            onChange={(email) => update(index, { email })}
          />
          <TextSetting
            label="City"
            value={entry.city ?? ""}
            onChange={(v) => update(index, { city: v || null })}
          />
          <TextSetting
            label="State"
            value={entry.state ?? ""}
            onChange={(v) => update(index, { state: v || null })}
          />
          <TextSetting
            label="Zip code"
            value={entry.zipCode ?? ""}
            onChange={(v) => update(index, { zipCode: v || null })}
          />
          <NumberSetting
            label="Radius (miles)"
            min={1}
            max={500}
            value={entry.radius}
            onChange={(radius) => update(index, { radius: radius ?? null })}
          />
          <ChoiceSetting
            label="Status"
            value={entry.status}
            options={[
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
            ]}
            onChange={(status) => update(index, { status })}
          />
          <div className="flex items-end justify-end">
            <Button
              type="button"
              variant="ghost"
              className="text-destructive"
              onClick={() => onChange(entries.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" /> Remove
            </Button>
          </div>
        </div>
      ))}
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        onClick={() =>
          onChange([
            ...entries,
            { email: "", city: null, state: null, zipCode: null, radius: null, status: "active" },
          ])
        }
      >
        <Plus aria-hidden="true" /> Add routing e-mail
      </Button>
    </fieldset>
  );
}
