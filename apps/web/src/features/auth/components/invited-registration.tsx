import { INVITATION_MESSAGES, type ZAcceptInvitationSchema } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useNavigate } from "react-router";
import type { z } from "zod";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-error";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { useWorkspace } from "@/lib/workspace/use-workspace";
import { acceptInvitation, fetchInvitation } from "../invitation-api";
import { savePendingInvitation } from "../pending-invitation";
import { AuthCard } from "./auth-card";
import { AuthLink } from "./auth-link";
import { FormAlert } from "./form-alert";
import { GoogleSignInButton } from "./google-sign-in-button";
import { NewPasswordFields } from "./new-password-fields";

type TValues = z.output<typeof ZAcceptInvitationSchema>;
/** Tokens are 43 url-safe characters; anything far off is a damaged link. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * Spec 000 §2.5 with token and §2.6: Complete Your Registration for an invited buyer. A bad or used
 * invitation sends the visitor to /buyer/login with the reason (000 §2.6).
 */
export function InvitedRegistration({
  token,
  invalidTo = "/buyer/login",
}: {
  token: string;
  invalidTo?: string;
}) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const { setMode } = useWorkspace();
  const [failure, setFailure] = useState<string | null>(null);
  const wellFormed = TOKEN_PATTERN.test(token);
  const invitation = useQuery({
    queryKey: ["invitation", token],
    queryFn: () => fetchInvitation(token),
    enabled: wellFormed,
    retry: false,
    staleTime: 0,
  });
  const form = useForm<TValues>({
    resolver: lazyResolver(() => import("../form-checks").then((m) => m.acceptInvitationCheck)),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = form;

  const loadError = !wellFormed
    ? INVITATION_MESSAGES.BAD_LINK
    : invitation.isError
      ? isApiError(invitation.error) && invitation.error.status < 500
        ? invitation.error.message
        : null
      : null;
  useEffect(() => {
    if (loadError) toast.error(loadError, { id: "invitation-error" });
  }, [loadError]);
  if (loadError) return <Navigate to={invalidTo} replace />;

  const onSubmit = async (values: TValues) => {
    setFailure(null);
    try {
      const accepted = await acceptInvitation(token, values);
      await refresh().catch(() => null);
      setMode("buyer");
      toast.success("Welcome! Your lead buyer account is ready.");
      navigate(accepted.redirectTo, { replace: true });
    } catch (error) {
      setFailure(isApiError(error) ? error.message : "Registration failed. Please try again.");
    }
  };

  const details = invitation.data;
  const logo = details?.company.logoUrl ? (
    <img
      src={details.company.logoUrl}
      alt={`${details.company.name} logo`}
      className="h-12 max-w-40 object-contain"
    />
  ) : (
    <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
      <Building2 className="size-6" aria-hidden="true" />
    </span>
  );
  return (
    <AuthCard
      title="Complete Your Registration"
      media={details ? logo : <Skeleton className="size-12 rounded-full" />}
      description={
        details ? (
          <>
            <strong className="text-foreground">{details.company.name}</strong> invited you to the Lead Buyer
            Portal.
          </>
        ) : (
          "Loading your invitation..."
        )
      }
      footer={
        <p>
          Already have an account? <AuthLink to="/login?tab=buyer">Sign in</AuthLink>
        </p>
      }
    >
      {invitation.isError && !loadError && (
        <FormAlert>
          <p>We could not load your invitation. Please try again.</p>
          <Button variant="outline" size="sm" className="w-fit" onClick={() => void invitation.refetch()}>
            Retry
          </Button>
        </FormAlert>
      )}
      {!details && !invitation.isError && (
        <div className="grid gap-3" role="status" aria-label="Loading invitation">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      )}
      {details?.hasAccount && (
        <FormAlert tone="info">
          <p>
            An account with this email already exists. Sign in with your password, then accept or decline the
            invitation on the page that opens.
          </p>
        </FormAlert>
      )}
      {details && !details.hasAccount && (
        <>
          <form
            className="grid gap-4"
            noValidate
            onSubmit={handleSubmit(onSubmit)}
            aria-label="Complete Your Registration"
          >
            {details.contactName && (
              <FormField label="Contact name">
                {(control) => <Input {...control} value={details.contactName ?? ""} readOnly />}
              </FormField>
            )}
            <FormField label="Email">
              {(control) => <Input {...control} type="email" value={details.email} readOnly />}
            </FormField>
            <NewPasswordFields
              password={watch("password")}
              passwordField={register("password")}
              confirmField={register("confirmPassword")}
              passwordError={errors.password?.message}
              confirmError={errors.confirmPassword?.message}
              disabled={isSubmitting}
            />
            {failure && <FormAlert>{failure}</FormAlert>}
            <BusyButton
              type="submit"
              disabled={isSubmitting}
              busy={isSubmitting}
              busyLabel="Creating account..."
            >
              Complete Registration
            </BusyButton>
          </form>
          <GoogleSignInButton
            label="Sign up with Google"
            disabled={isSubmitting}
            onBeforeStart={() => savePendingInvitation(token)}
          />
        </>
      )}
    </AuthCard>
  );
}
