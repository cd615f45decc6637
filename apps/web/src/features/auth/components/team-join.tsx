import { INVITATION_MESSAGES, type ZAcceptTeamInvitationSchema } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { BusyButton } from "@/components/ui/busy-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { presentApiError } from "@/lib/api-error-presenter";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { acceptTeamInvitation, acceptTeamInvitationAsUser, fetchTeamInvitation } from "../invitation-api";
import { AuthCard } from "./auth-card";
import { AuthLink } from "./auth-link";
import { FormAlert } from "./form-alert";
import { NewPasswordFields } from "./new-password-fields";

type TValues = z.output<typeof ZAcceptTeamInvitationSchema>;
const ROLE_LABEL = { org_admin: "an admin", member: "a member" } as const;

/** /auth/register?team=…: join a company from a team invitation (PRODUCT.md "Team"). */
export function TeamJoin({ token }: { token: string }) {
  const navigate = useNavigate();
  const { user, refresh } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);
  const invitation = useQuery({
    queryKey: ["team-invitation", token],
    queryFn: () => fetchTeamInvitation(token),
    retry: false,
  });
  const form = useForm<TValues>({
    resolver: lazyResolver(() => import("../form-checks").then((m) => m.acceptTeamInvitationCheck)),
    defaultValues: { name: "", password: "", confirmPassword: "" },
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = form;

  const done = async (redirectTo: string, companyName: string) => {
    await refresh().catch(() => null);
    toast.success(`Welcome to ${companyName}!`);
    navigate(redirectTo, { replace: true });
  };
  const onSubmit = async (values: TValues) => {
    setFailure(null);
    try {
      const joined = await acceptTeamInvitation(token, values);
      await done(joined.redirectTo, invitation.data?.company.name ?? "the team");
    } catch (error) {
      setFailure(presentApiError(error, { fallback: "Joining failed. Please try again." }).message);
    }
  };
  const joinAsUser = async () => {
    setFailure(null);
    setJoining(true);
    try {
      const joined = await acceptTeamInvitationAsUser(token);
      await done(joined.redirectTo, invitation.data?.company.name ?? "the team");
    } catch (error) {
      setFailure(presentApiError(error).message);
    } finally {
      setJoining(false);
    }
  };

  const details = invitation.data;
  const loadError = invitation.isError
    ? presentApiError(invitation.error, { fallback: INVITATION_MESSAGES.INVALID }).message
    : null;
  return (
    <AuthCard
      title="Join Your Team"
      media={
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Users className="size-6" aria-hidden="true" />
        </span>
      }
      description={
        details ? (
          <>
            <strong className="text-foreground">{details.company.name}</strong> invited {details.email} to
            join as {ROLE_LABEL[details.role]}.
          </>
        ) : loadError ? (
          "This invitation cannot be used."
        ) : (
          "Loading your invitation..."
        )
      }
      footer={
        <p>
          Already have an account? <AuthLink to="/login">Sign in</AuthLink>
        </p>
      }
    >
      {loadError && <FormAlert>{loadError}</FormAlert>}
      {!details && !loadError && (
        <div className="grid gap-3" role="status" aria-label="Loading invitation">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      )}
      {details?.hasAccount &&
        (user ? (
          <div className="grid gap-3">
            <p className="text-sm">
              Signed in as <strong>{user.email}</strong>.
            </p>
            {failure && <FormAlert>{failure}</FormAlert>}
            <BusyButton busy={joining} onClick={joinAsUser}>
              Join {details.company.name}
            </BusyButton>
          </div>
        ) : (
          <FormAlert tone="info">
            <p>
              An account with this email already exists. <AuthLink to="/login">Sign in</AuthLink> with it,
              then open this link again to join.
            </p>
          </FormAlert>
        ))}
      {details && !details.hasAccount && (
        <form className="grid gap-4" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Join Your Team">
          <FormField label="Email">
            {(control) => <Input {...control} type="email" value={details.email} readOnly />}
          </FormField>
          <FormField label="Full name" error={errors.name?.message}>
            {(control) => <Input {...control} autoComplete="name" {...register("name")} />}
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
          <BusyButton type="submit" disabled={isSubmitting} busy={isSubmitting} busyLabel="Joining...">
            Join {details.company.name}
          </BusyButton>
        </form>
      )}
    </AuthCard>
  );
}
