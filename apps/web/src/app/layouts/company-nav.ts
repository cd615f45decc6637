import type { TWhoami } from "@leadpost/shared";
import {
  BookOpen,
  Code,
  Coins,
  FileText,
  Inbox,
  LayoutDashboard,
  Mail,
  PhoneCall,
  Settings,
  Tags,
  Undo2,
  Users,
} from "lucide-react";
import { canUse } from "../route-access";
import type { TNavGroup } from "./nav";

/** Spec 001 §2 Layout, company sidebar. Settings links straight to /owner/settings (where /dashboard/settings redirects). */
export function companyNavGroups(user: TWhoami | null, pendingReturns = 0): TNavGroup[] {
  const groups: TNavGroup[] = [
    {
      label: "Company",
      items: [
        { title: "Dashboard", to: "/dashboard", icon: LayoutDashboard, alsoActiveOn: ["/"], exact: true },
        { title: "Forms", to: "/dashboard/forms", icon: FileText },
        { title: "Leads", to: "/dashboard/leads", icon: Inbox },
        {
          title: "Call Center",
          to: "/dashboard/calls",
          icon: PhoneCall,
          exact: true,
          items: [{ title: "Call Tracking", to: "/dashboard/calls/dni" }],
        },
        { title: "Email", to: "/dashboard/email", icon: Mail },
        { title: "Buyers", to: "/dashboard/buyers", icon: Users },
        { title: "Returns", to: "/dashboard/returns", icon: Undo2, badge: pendingReturns },
        { title: "Niches", to: "/dashboard/niches", icon: Tags },
        { title: "Credits", to: "/owner/credits", icon: Coins },
        { title: "Documentation", to: "/dashboard/docs", icon: BookOpen },
        {
          title: "Settings",
          to: "/owner/settings",
          icon: Settings,
          exact: true,
          items: [
            { title: "Preferences", to: "/dashboard/settings/preferences" },
            { title: "Auth Events", to: "/dashboard/settings/auth-events" },
          ],
        },
      ],
    },
  ];
  if (user?.isPlatformAdmin) {
    groups.push({
      label: "Platform",
      items: [{ title: "Developer Settings", to: "/dashboard/developer", icon: Code }],
    });
  }
  // The same table of roles as the router guard, and no link to a page that would only refuse the user.
  return groups
    .map((group) => ({
      ...group,
      items: group.items
        .filter((item) => canUse(item.to, user))
        .map((item) =>
          item.items ? { ...item, items: item.items.filter((sub) => canUse(sub.to, user)) } : item,
        ),
    }))
    .filter((group) => group.items.length > 0);
}
