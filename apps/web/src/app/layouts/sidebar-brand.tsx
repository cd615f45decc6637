import { Link } from "react-router";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/components/ui/sidebar/sidebar-menu";
import { BrandMark } from "@/features/shell/components/brand-mark";

type TSidebarBrandProps = {
  title: string;
  subtitle?: string | null;
  homePath: string;
  /** The company's own logo (Settings → General); the Leadpost mark without one. */
  logoUrl?: string | null;
};

/** Logo and title at the top of the sidebar; only the logo shows when collapsed. */
export function SidebarBrand({ title, subtitle, homePath, logoUrl }: TSidebarBrandProps) {
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <SidebarMenuButton size="lg" asChild tooltip={title}>
          <Link to={homePath}>
            <span className="flex size-8 shrink-0 items-center justify-center">
              {logoUrl ? (
                // A white tile, so a dark logo stays visible in dark mode.
                <img
                  src={logoUrl}
                  alt={`${subtitle || title} logo`}
                  className="size-8 rounded-md bg-white object-contain p-0.5"
                />
              ) : (
                <BrandMark className="size-8" />
              )}
            </span>
            <span className="grid flex-1 text-left leading-tight">
              <span className="truncate font-semibold">{title}</span>
              {subtitle && <span className="truncate text-sidebar-foreground/70 text-xs">{subtitle}</span>}
            </span>
          </Link>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
