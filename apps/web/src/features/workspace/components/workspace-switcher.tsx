import { ChevronDownIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { BUYER_HOME_PATH, COMPANY_HOME_PATH } from "@/app/route-access";
import { SELECT_TRIGGER_CLASS } from "@/components/ui/select-trigger-class";
import { canSwitchWorkspace } from "@/lib/session/session-roles";
import { useSession } from "@/lib/session/use-session";
import { cn } from "@/lib/utils";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { isWorkspaceMode, type TWorkspaceMode } from "@/lib/workspace/workspace-storage";
import { WORKSPACE_LABELS } from "./workspace-labels";

// The radix select loads on the first open; until then a button with the select's look stands in.
const WorkspaceSelect = lazy(async () => ({ default: (await import("./workspace-select")).WorkspaceSelect }));
const loadSelect = () => void import("./workspace-select");

type TWorkspaceSwitcherProps = {
  /** The workspace whose layout is on screen. */
  current: TWorkspaceMode;
};

/**
 * Spec 001 §2 Layout: owners and org admins who are also buyers switch between the company side and
 * the buyer portal; hidden under /owner.
 */
export function WorkspaceSwitcher({ current }: TWorkspaceSwitcherProps) {
  const { user } = useSession();
  const { setMode } = useWorkspace();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [wanted, setWanted] = useState(false);

  if (!user || !canSwitchWorkspace(user) || pathname.startsWith("/owner")) return null;

  const onChange = (value: string) => {
    if (!isWorkspaceMode(value) || value === current) return;
    setMode(value);
    navigate(value === "buyer" ? BUYER_HOME_PATH : COMPANY_HOME_PATH);
  };

  const standIn = (
    <button
      type="button"
      role="combobox"
      aria-label="Switch workspace"
      aria-expanded={false}
      data-slot="select-trigger"
      data-size="sm"
      className={cn(SELECT_TRIGGER_CLASS, "w-[10.5rem]")}
      onPointerEnter={loadSelect}
      onFocus={loadSelect}
      onClick={() => setWanted(true)}
    >
      <span data-slot="select-value">{WORKSPACE_LABELS[current]}</span>
      <ChevronDownIcon className="size-4 opacity-50" aria-hidden="true" />
    </button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <WorkspaceSelect current={current} onChange={onChange} />
    </Suspense>
  );
}
