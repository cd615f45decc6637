import { useLocation, useNavigate } from "react-router";
import { BUYER_HOME_PATH, COMPANY_HOME_PATH } from "@/app/route-access";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { canSwitchWorkspace } from "@/lib/session/session-roles";
import { useSession } from "@/lib/session/use-session";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { isWorkspaceMode, type TWorkspaceMode } from "@/lib/workspace/workspace-storage";

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

  if (!user || !canSwitchWorkspace(user) || pathname.startsWith("/owner")) return null;

  const onChange = (value: string) => {
    if (!isWorkspaceMode(value) || value === current) return;
    setMode(value);
    navigate(value === "buyer" ? BUYER_HOME_PATH : COMPANY_HOME_PATH);
  };

  return (
    <Select value={current} onValueChange={onChange}>
      <SelectTrigger size="sm" aria-label="Switch workspace" className="w-[10.5rem]">
        <SelectValue />
      </SelectTrigger>
      <SelectContent align="end">
        <SelectItem value="owner">Company Owner</SelectItem>
        <SelectItem value="buyer">Lead Buyer</SelectItem>
      </SelectContent>
    </Select>
  );
}
