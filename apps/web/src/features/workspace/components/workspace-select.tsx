import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select-radix";
import type { TWorkspaceMode } from "@/lib/workspace/workspace-storage";
import { WORKSPACE_LABELS } from "./workspace-labels";

/** The switcher's select, loaded by WorkspaceSwitcher on its first open and mounted open. */
export function WorkspaceSelect({
  current,
  onChange,
}: {
  current: TWorkspaceMode;
  onChange: (value: string) => void;
}) {
  return (
    <Select value={current} onValueChange={onChange} defaultOpen>
      <SelectTrigger size="sm" aria-label="Switch workspace" className="w-[10.5rem]">
        <SelectValue />
      </SelectTrigger>
      <SelectContent align="end">
        <SelectItem value="owner">{WORKSPACE_LABELS.owner}</SelectItem>
        <SelectItem value="buyer">{WORKSPACE_LABELS.buyer}</SelectItem>
      </SelectContent>
    </Select>
  );
}
