import { UserRound } from "lucide-react";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/components/ui/sidebar/sidebar-menu";
import { useSession } from "@/lib/session/use-session";

/** Who is signed in, at the bottom of the sidebar. */
export function SidebarUser({ roleLabel }: { roleLabel: string }) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <SidebarMenuButton
          size="lg"
          tooltip={user.email}
          className="cursor-default hover:bg-transparent"
          asChild
        >
          <div>
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sidebar-accent text-sidebar-accent-foreground">
              <UserRound className="size-4" aria-hidden="true" />
            </span>
            <span className="grid flex-1 text-left leading-tight">
              <span className="truncate font-medium">{user.name || user.email}</span>
              <span className="truncate text-sidebar-foreground/70 text-xs">{roleLabel}</span>
            </span>
          </div>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
