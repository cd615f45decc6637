import { createContext, useContext } from "react";

// The shadcn sidebar's defaults, which spec 001 §2 Layout asks for.
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";

export type TSidebarState = "expanded" | "collapsed";

export type TSidebarContext = {
  state: TSidebarState;
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
};

export const SidebarContext = createContext<TSidebarContext | null>(null);

export function useSidebar(): TSidebarContext {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used within a SidebarProvider.");
  return context;
}

/** The saved desktop state, or null when none was saved. */
export function readSidebarCookie(cookie: string = document.cookie): boolean | null {
  const entry = cookie.split("; ").find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  if (!entry) return null;
  const value = entry.slice(SIDEBAR_COOKIE_NAME.length + 1);
  return value === "true" ? true : value === "false" ? false : null;
}

export function writeSidebarCookie(open: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is the documented storage for this state.
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
