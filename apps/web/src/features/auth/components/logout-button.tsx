import { LogOut } from "lucide-react";
import { BusyButton } from "@/components/ui/busy-button";
import { useLogout } from "../hooks/use-logout";

export function LogoutButton() {
  const { logout, isSigningOut } = useLogout();
  return (
    <BusyButton
      variant="outline"
      size="sm"
      onClick={logout}
      disabled={isSigningOut}
      aria-busy={isSigningOut}
      busy={isSigningOut}
      icon={<LogOut aria-hidden="true" />}
    >
      <span className="max-sm:sr-only">{isSigningOut ? "Signing out..." : "Logout"}</span>
    </BusyButton>
  );
}
