import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { FullPageLoading } from "@/features/session/components/full-page-loading";
import { flashToasts } from "@/lib/flash-toast";
import { loadOwnPage } from "@/lib/own-page";
import { takeToastsOnScreen } from "@/lib/toast";

/**
 * /login and /auth/login inside the app (a sign-out, a signed-out visit to a protected page, a link):
 * the sign-in page is its own page (login.html), so the browser loads the address and the server answers
 * with it. Toasts still on screen ("Logged out successfully", "Your session has ended…") go along and
 * the sign-in page shows them for the time they had left. Should the server answer with the app instead, the route's error
 * screen says so, once.
 */
export function OwnPageRoute() {
  const { pathname, search, hash } = useLocation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    flashToasts(takeToastsOnScreen());
    if (!loadOwnPage(`${pathname}${search}${hash}`)) setFailed(true);
  }, [pathname, search, hash]);
  if (failed) throw new Error(`${pathname} is not served as its own page by this server (login.html).`);
  return <FullPageLoading />;
}
