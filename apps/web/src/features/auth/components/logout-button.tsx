import { LoaderCircle, LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useLogout } from "../hooks/use-logout";

export function LogoutButton() {
  const { logout, isSigningOut } = useLogout();
  return (
    <Button variant="outline" size="sm" onClick={logout} disabled={isSigningOut} aria-busy={isSigningOut}>
      {isSigningOut ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <LogOut aria-hidden="true" />
      )}
      <span className="max-sm:sr-only">{isSigningOut ? "Signing out..." : "Logout"}</span>
    </Button>
  );
}
