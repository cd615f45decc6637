import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { startGoogleSignIn } from "../api";
import { GoogleIcon } from "./google-icon";

type TGoogleSignInButtonProps = {
  disabled?: boolean;
  label?: string;
  /** Runs just before the browser leaves for Google (e.g. to remember an invitation). */
  onBeforeStart?: () => void;
};

export function GoogleSignInButton({
  disabled,
  label = "Sign in with Google",
  onBeforeStart,
}: TGoogleSignInButtonProps) {
  const [starting, setStarting] = useState(false);

  const onClick = async () => {
    setStarting(true);
    try {
      const url = await startGoogleSignIn();
      onBeforeStart?.();
      window.location.assign(url);
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
      {label}
    </Button>
  );
}
