import { useEffect } from "react";
import { useLocation, useRouteError } from "react-router";
import { ErrorScreen } from "@/features/session/components/error-screen";

/** Route-level error boundary (a screen threw, or its code failed to load). */
export function RouteErrorScreen() {
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <ErrorScreen error={error} showLogin={!pathname.startsWith("/forms/")} />;
}
