import { isCompanyAdminRole } from "@leadpost/shared/domain/roles";
import { useSession } from "@/lib/session/use-session";

/** Owner or org admin of the company on screen: the server checks again, this only hides controls. */
export function useIsCompanyAdmin(): boolean {
  const { user } = useSession();
  const role = user?.roles.find((r) => r.companyId === user.organizationId)?.role;
  return isCompanyAdminRole(role);
}
