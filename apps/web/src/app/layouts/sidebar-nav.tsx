import { Link, useLocation } from "react-router";
import { useSidebar } from "@/components/ui/sidebar/sidebar-context";
import {
  SidebarMenu,
  SidebarMenuBadge,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSub,
  SidebarMenuSubButton,
  SidebarMenuSubItem,
} from "@/components/ui/sidebar/sidebar-menu";
import {
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
} from "@/components/ui/sidebar/sidebar-sections";
import { isNavItemActive, type TNavGroup } from "./nav";

/** The layout's navigation; items with sub-items list them underneath while the sidebar is expanded. */
export function SidebarNav({ groups, label }: { groups: TNavGroup[]; label: string }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const closeMobile = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <nav aria-label={label}>
      {groups.map((group) => (
        <SidebarGroup key={group.label}>
          <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
          <SidebarGroupContent>
            <SidebarMenu>
              {group.items.map((item) => {
                const active = isNavItemActive(pathname, item);
                return (
                  <SidebarMenuItem key={item.to}>
                    <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                      <Link to={item.to} aria-current={active ? "page" : undefined} onClick={closeMobile}>
                        <item.icon aria-hidden="true" />
                        <span>{item.title}</span>
                      </Link>
                    </SidebarMenuButton>
                    {item.badge ? (
                      <SidebarMenuBadge aria-label={`${item.badge} waiting`}>{item.badge}</SidebarMenuBadge>
                    ) : null}
                    {item.items && item.items.length > 0 && (
                      <SidebarMenuSub>
                        {item.items.map((sub) => {
                          const subActive = isNavItemActive(pathname, sub);
                          return (
                            <SidebarMenuSubItem key={sub.to}>
                              <SidebarMenuSubButton asChild isActive={subActive}>
                                <Link
                                  to={sub.to}
                                  aria-current={subActive ? "page" : undefined}
                                  onClick={closeMobile}
                                >
                                  <span>{sub.title}</span>
                                </Link>
                              </SidebarMenuSubButton>
                            </SidebarMenuSubItem>
                          );
                        })}
                      </SidebarMenuSub>
                    )}
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </SidebarGroupContent>
        </SidebarGroup>
      ))}
    </nav>
  );
}
