import type { TWhoami } from "@leadpost/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type * as React from "react";
import { useCallback, useEffect, useMemo } from "react";
import { useNavigate } from "react-router";
import { setUnauthorizedHandler } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { retryBootstrap as retryBootstrapQueries } from "./bootstrap-retry";
import { IMPERSONATION_ENDED_CODE } from "./impersonation-ended-constants";
import { SessionContext, type TSessionContext, type TSessionStatus } from "./session-context";
import { useSessionRehydration } from "./use-session-rehydration";
import { SESSION_QUERY_ROOT, whoamiQueryKey, whoamiQueryOptions } from "./whoami";

/** Loads whoami once for the app and keeps it current (spec 000 §4). Must render inside the router. */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(whoamiQueryOptions);

  // Data wins over a later failed refetch: a flaky refresh must not sign anyone out.
  const status: TSessionStatus =
    query.data !== undefined
      ? query.data
        ? "authenticated"
        : "unauthenticated"
      : query.isError
        ? "error"
        : "loading";
  const user = query.data ?? null;

  const clear = useCallback(() => {
    void queryClient.cancelQueries({ queryKey: whoamiQueryKey });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_ROOT });
    queryClient.setQueryData<TWhoami | null>(whoamiQueryKey, null);
  }, [queryClient]);

  const refresh = useCallback(
    () => queryClient.fetchQuery({ ...whoamiQueryOptions, staleTime: 0 }),
    [queryClient],
  );

  const retryBootstrap = useCallback(() => {
    void retryBootstrapQueries(queryClient);
  }, [queryClient]);

  // A protected call answered 401: the session ended elsewhere (expired, signed out in another tab).
  useEffect(() => {
    setUnauthorizedHandler((error) => {
      if (error.code === IMPERSONATION_ENDED_CODE) {
        clear();
        void import("./impersonation-ended").then((m) => m.returnFromEndedImpersonation());
        return;
      }
      const wasSignedIn = Boolean(queryClient.getQueryData(whoamiQueryKey));
      clear();
      if (wasSignedIn) toast.info("Your session has ended. Please sign in again.");
      navigate("/login", { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [clear, navigate, queryClient]);

  useSessionRehydration(status !== "loading", (fresh) => {
    if (fresh) queryClient.setQueryData(whoamiQueryKey, fresh);
    // Signed out: route guards send protected pages to /login.
    else if (user) clear();
  });

  const value = useMemo<TSessionContext>(
    () => ({ status, user, error: query.error, refresh, clear, retryBootstrap }),
    [status, user, query.error, refresh, clear, retryBootstrap],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
