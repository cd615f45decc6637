import {
  BookOpen,
  CircleQuestionMark,
  CreditCard,
  Inbox,
  LayoutDashboard,
  ListChecks,
  Settings,
  Undo2,
} from "lucide-react";
import type { TNavGroup } from "./nav";

/** Spec 003 §2.2, buyer sidebar. */
export const BUYER_NAV_GROUPS: TNavGroup[] = [
  {
    label: "Leads",
    items: [
      { title: "Dashboard", to: "/buyer/dashboard", icon: LayoutDashboard },
      { title: "Available Leads", to: "/buyer/available-leads", icon: Inbox },
      { title: "My Leads", to: "/buyer/my-leads", icon: ListChecks },
      { title: "Returns", to: "/buyer/returns", icon: Undo2 },
      { title: "Buy Credits", to: "/buyer/buy-credits", icon: CreditCard, alsoActiveOn: ["/buyer/credits"] },
    ],
  },
  {
    label: "Account",
    items: [
      { title: "Settings", to: "/buyer/settings", icon: Settings },
      { title: "Documentation", to: "/buyer/documentation", icon: BookOpen },
      { title: "Help", to: "/buyer/help", icon: CircleQuestionMark },
    ],
  },
];
