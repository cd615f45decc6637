import type { LucideIcon } from "lucide-react";

export type TNavSubItem = {
  title: string;
  to: string;
};

export type TNavItem = {
  title: string;
  to: string;
  icon: LucideIcon;
  /** Other paths that show this item as the current one (e.g. "/" for Dashboard). */
  alsoActiveOn?: string[];
  /** Active only on its own paths, not below them (items whose sub-items are separate screens). */
  exact?: boolean;
  items?: TNavSubItem[];
  /** A count beside the title (the returns waiting for a decision); nothing when 0. */
  badge?: number;
};

export type TNavGroup = {
  label: string;
  items: TNavItem[];
};

function matches(pathname: string, path: string, exact: boolean): boolean {
  if (pathname === path) return true;
  return !exact && path !== "/" && pathname.startsWith(`${path}/`);
}

export function isNavItemActive(
  pathname: string,
  item: Pick<TNavItem, "to" | "alsoActiveOn" | "exact">,
): boolean {
  const exact = item.exact ?? false;
  return [item.to, ...(item.alsoActiveOn ?? [])].some((path) => matches(pathname, path, exact));
}
