import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { toast } from "@/lib/toast";
import { fetchSignInOptions, startGoogleSignIn } from "../api";
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
  const options = useQuery({
    queryKey: ["sign-in-options"],
    queryFn: ({ signal }) => fetchSignInOptions(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

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

  // Only when the server has Google sign-in configured; the separator goes with the button.
  if (options.data?.google !== true) return null;
  return (
    <>
      <div className="flex items-center gap-3 text-muted-foreground text-xs uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <BusyButton
        variant="outline"
        className="w-full"
        onClick={onClick}
        disabled={disabled || starting}
        busy={starting}
        icon={<GoogleIcon className="size-4" />}
      >
        {label}
      </BusyButton>
    </>
  );
}
