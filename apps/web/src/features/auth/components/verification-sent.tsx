import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { isApiError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { resendVerification } from "../api";
import { AuthCard } from "./auth-card";

/** After registration: where the verification link went, and a way to get it again. */
export function VerificationSent({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await resendVerification(email);
      toast.success("Verification email sent. Please check your inbox.");
    } catch (error) {
      toast.error(isApiError(error) ? error.message : "Could not send the email. Please try again.");
    } finally {
      setSending(false);
    }
  };
  return (
    <AuthCard
      title="Check your email"
      media={<MailCheck className="size-10 text-primary" aria-hidden="true" />}
      description={
        <>
          We sent a verification link to <strong className="text-foreground">{email}</strong>. Open it to
          activate your account and start your 14-day free trial. If this address already has an account, the
          email tells you how to sign in instead.
        </>
      }
    >
      <Button asChild>
        <Link to="/login">Go to Login</Link>
      </Button>
      <BusyButton variant="outline" onClick={resend} disabled={sending} busy={sending}>
        Resend verification email
      </BusyButton>
    </AuthCard>
  );
}
