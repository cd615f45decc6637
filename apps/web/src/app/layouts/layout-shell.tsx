import type * as React from "react";
import { Outlet } from "react-router";
import { Sidebar, SidebarInset, SidebarRail } from "@/components/ui/sidebar/sidebar";
import { SidebarProvider } from "@/components/ui/sidebar/sidebar-provider";
import { SidebarContent, SidebarFooter, SidebarHeader } from "@/components/ui/sidebar/sidebar-sections";
import { AppFooter } from "@/features/shell/components/app-footer";
import { AppHeader } from "@/features/shell/components/app-header";
import { SkipLink } from "@/features/shell/components/skip-link";
import type { TNavGroup } from "./nav";
import { SidebarNav } from "./sidebar-nav";

type TLayoutShellProps = {
  /** Accessible name of the navigation. */
  navLabel: string;
  groups: TNavGroup[];
  brand: React.ReactNode;
  sidebarFooter?: React.ReactNode;
  headerActions: React.ReactNode;
  /** A notice strip between the header and the screen (the company side's trial banner). */
  banner?: React.ReactNode;
  /** Shown instead of the route's screen (a suspended company's notice). */
  screen?: React.ReactNode;
};

/** Sidebar + header + screen + footer, shared by the company and buyer layouts. */
export function LayoutShell({
  navLabel,
  groups,
  brand,
  sidebarFooter,
  headerActions,
  banner,
  screen,
}: TLayoutShellProps) {
  return (
    <SidebarProvider>
      <SkipLink />
      <Sidebar label={navLabel} collapsible="icon">
        <SidebarHeader>{brand}</SidebarHeader>
        <SidebarContent>
          <SidebarNav groups={groups} label={navLabel} />
        </SidebarContent>
        {sidebarFooter && <SidebarFooter>{sidebarFooter}</SidebarFooter>}
        <SidebarRail />
      </Sidebar>
      <SidebarInset>
        <AppHeader actions={headerActions} />
        {banner}
        <main id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
          {screen ?? <Outlet />}
        </main>
        <AppFooter />
      </SidebarInset>
    </SidebarProvider>
  );
}
