import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { decideRouteAccess } from "./route-access";

/** Applies the route-access rules to every protected route below it. */
export function RouteGuard() {
  const { user } = useSession();
  const { workspace } = useWorkspace();
  const location = useLocation();
  const access = decideRouteAccess({
    pathname: location.pathname,
    user,
    workspaceMode: workspace.mode,
    isProduction: import.meta.env.PROD,
  });
  const reason = access.type === "redirect" ? access.reason : null;

  useEffect(() => {
    // Spec 003 §6.
    if (reason === "developer-only") {
      toast.error("You don't have access to Developer Settings", { id: "developer-settings-access" });
    }
    if (reason === "debug-admin-only") {
      toast.error("Session details are available to platform admins only", { id: "debug-access" });
    }
  }, [reason]);

  if (access.type === "redirect") return <Navigate to={access.to} replace />;
  return <Outlet />;
}
