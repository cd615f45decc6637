import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useNiches } from "@/lib/queries/use-niches";

const NONE = "__none__";

type TNicheSelectProps = {
  id: string;
  value: string;
  onChange: (nicheId: string) => void;
  /** Offer "No niche" (an empty value); the invite dialog requires one instead. */
  allowNone?: boolean;
  placeholder?: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

export function NicheSelect({
  id,
  value,
  onChange,
  allowNone = true,
  placeholder = "Select a niche",
  ...aria
}: TNicheSelectProps) {
  const niches = useNiches();
  return (
    <Select value={value || (allowNone ? NONE : "")} onValueChange={(v) => onChange(v === NONE ? "" : v)}>
      <SelectTrigger id={id} className="w-full" {...aria}>
        <SelectValue placeholder={niches.isPending ? "Loading niches..." : placeholder} />
      </SelectTrigger>
      <SelectContent>
        {allowNone && <SelectItem value={NONE}>No niche</SelectItem>}
        {niches.data?.niches.map((n) => (
          <SelectItem key={n.id} value={n.id}>
            {n.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
