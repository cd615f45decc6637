import { LogoutButton } from "@/features/auth/components/logout-button";
import { ImpersonationBanner } from "@/features/impersonation/components/impersonation-banner";
import { usePendingReturnCount } from "@/features/returns/use-pending-returns";
import { ThemeToggle } from "@/features/theme/components/theme-toggle";
import { TrialBanner } from "@/features/trial-banner/components/trial-banner";
import { WorkspaceSwitcher } from "@/features/workspace/components/workspace-switcher";
import { useSession } from "@/lib/session/use-session";
import { companyNavGroups } from "./company-nav";
import { CompanySuspendedScreen } from "./company-suspended-screen";
import { LayoutShell } from "./layout-shell";
import { SidebarBrand } from "./sidebar-brand";
import { SidebarUser } from "./sidebar-user";

const ROLE_LABELS = { owner: "Owner", org_admin: "Admin", member: "Member" } as const;

/** Spec 001 §2 Layout, company side. */
export function CompanyLayout() {
  const { user } = useSession();
  const role = user?.roles.find((r) => r.companyId === user.organizationId)?.role ?? user?.roles[0]?.role;
  // Only a user of a company that is open has a queue to count.
  const pendingReturns = usePendingReturnCount(Boolean(user?.organizationId) && !user?.companySuspended);
  const roleLabel = user?.isPlatformAdmin ? "Platform admin" : role ? ROLE_LABELS[role] : "No company";

  return (
    <LayoutShell
      navLabel="Company navigation"
      groups={companyNavGroups(user, pendingReturns)}
      brand={
        <SidebarBrand
          title="Leadpost"
          subtitle={user?.companyName}
          logoUrl={user?.companyLogoUrl}
          homePath="/dashboard"
        />
      }
      sidebarFooter={<SidebarUser roleLabel={roleLabel} />}
      // Platform admins keep their tools (Developer Settings live on this side too).
      screen={user?.companySuspended && !user.isPlatformAdmin ? <CompanySuspendedScreen /> : undefined}
      banner={
        <>
          <ImpersonationBanner />
          <TrialBanner />
        </>
      }
      headerActions={
        <>
          <WorkspaceSwitcher current="owner" />
          <ThemeToggle />
          <LogoutButton />
        </>
      }
    />
  );
}
