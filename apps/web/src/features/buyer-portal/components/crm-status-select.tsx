import { CRM_STATUS_LABELS, CRM_STATUSES, type TCrmStatus } from "@leadpost/shared";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export function CrmStatusSelect({
  value,
  onChange,
  disabled,
  label,
}: {
  value: TCrmStatus;
  onChange: (status: TCrmStatus) => void;
  disabled?: boolean;
  label: string;
}) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as TCrmStatus)} disabled={disabled}>
      <SelectTrigger size="sm" className="w-36" aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {CRM_STATUSES.map((s) => (
          <SelectItem key={s} value={s}>
            {CRM_STATUS_LABELS[s]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
