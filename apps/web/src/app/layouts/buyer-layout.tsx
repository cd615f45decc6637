import { LogoutButton } from "@/features/auth/components/logout-button";
import { BuyerLiveUpdates } from "@/features/buyer-portal/hooks/use-live-updates";
import { ImpersonationBanner } from "@/features/impersonation/components/impersonation-banner";
import { ThemeToggle } from "@/features/theme/components/theme-toggle";
import { WorkspaceSwitcher } from "@/features/workspace/components/workspace-switcher";
import { useSession } from "@/lib/session/use-session";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { BUYER_NAV_GROUPS } from "./buyer-nav";
import { LayoutShell } from "./layout-shell";
import { SidebarBrand } from "./sidebar-brand";
import { SidebarUser } from "./sidebar-user";

/** Spec 003 §2.2: the Lead Buyer Portal. */
export function BuyerLayout() {
  const { user } = useSession();
  const { workspace } = useWorkspace();
  const companyName =
    user?.buyerWorkspaces.find((w) => w.buyerId === workspace.buyerId)?.companyName ?? user?.companyName;

  return (
    <LayoutShell
      navLabel="Lead Buyer Portal navigation"
      groups={BUYER_NAV_GROUPS}
      brand={<SidebarBrand title="Lead Buyer Portal" subtitle={companyName} homePath="/buyer/dashboard" />}
      sidebarFooter={<SidebarUser roleLabel="Lead buyer" />}
      banner={<ImpersonationBanner />}
      headerActions={
        <>
          {/* The way back to the company side for owners and admins who are also buyers. */}
          <WorkspaceSwitcher current="buyer" />
          <ThemeToggle />
          <LogoutButton />
          <BuyerLiveUpdates />
        </>
      }
    />
  );
}
