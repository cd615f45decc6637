import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { startGoogleSignIn } from "../api";
import { GoogleIcon } from "./google-icon";

export function GoogleSignInButton({ disabled }: { disabled?: boolean }) {
  const [starting, setStarting] = useState(false);

  const onClick = async () => {
    setStarting(true);
    try {
      window.location.assign(await startGoogleSignIn());
    } catch (error) {
      setStarting(false);
      toast.error("Google sign-in is not available right now.", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <Button variant="outline" className="w-full" onClick={onClick} disabled={disabled || starting}>
      {starting ? (
        <LoaderCircle className="animate-spin" aria-hidden="true" />
      ) : (
        <GoogleIcon className="size-4" />
      )}
      Sign in with Google
    </Button>
  );
}
