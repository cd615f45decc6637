import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { FullPageLoading } from "@/features/session/components/full-page-loading";
import { flashToasts } from "@/lib/flash-toast";
import { loadOwnPage } from "@/lib/own-page";
import { takeToastsOnScreen } from "@/lib/toast";

/**
 * /login and /auth/login inside the app (a sign-out, a signed-out visit to a protected page, a link):
 * the sign-in page is its own page (login.html), so the browser loads the address and the server answers
 * with it. Toasts still on screen ("Logged out successfully", "Your session has ended…") go along and the
 * sign-in page shows them for the time they had left. Should the server answer with the app instead, the
 * route's error screen says so, once.
 */
export function OwnPageRoute() {
  const { pathname, search, hash } = useLocation();
  const href = `${pathname}${search}${hash}`;
  const [failed, setFailed] = useState(false);
  // Once per address: development's StrictMode runs effects twice, and the second would look like a loop.
  const loading = useRef<string | null>(null);
  useEffect(() => {
    if (loading.current === href) return;
    loading.current = href;
    flashToasts(takeToastsOnScreen());
    if (!loadOwnPage(href)) setFailed(true);
  }, [href]);
  if (failed) throw new Error(`${pathname} is not served as its own page by this server (login.html).`);
  return <FullPageLoading />;
}
