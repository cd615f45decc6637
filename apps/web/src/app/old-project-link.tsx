import { Navigate } from "react-router";
import { FullPageLoading } from "@/features/session/components/full-page-loading";
import { useSession } from "@/lib/session/use-session";
import { COMPANY_HOME_PATH, LOGIN_PATH } from "./route-access";

/**
 * /projects/{id} and /projects/{id}/* (003 §2.1 lists them, with no screen): old links of the earlier
 * product. They lead to the dashboard when signed in, to sign-in otherwise.
 */
export function OldProjectLink() {
  const { status, user } = useSession();
  if (status === "loading") return <FullPageLoading />;
  return <Navigate to={user ? COMPANY_HOME_PATH : LOGIN_PATH} replace />;
}
