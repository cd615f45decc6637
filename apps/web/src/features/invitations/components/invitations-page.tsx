import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Check, MailOpen, X } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-error";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { answerInvitation, fetchOpenInvitations, type TOpenInvitation } from "../api";

const QUERY_KEY = ["session", "invitations"] as const;

function InvitationCard({ invitation }: { invitation: TOpenInvitation }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refresh } = useSession();
  const [confirmDecline, setConfirmDecline] = useState(false);
  const answer = useMutation({
    mutationFn: (choice: "accept" | "decline") => answerInvitation(invitation.id, choice),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      if (result.status === "declined") {
        toast.success(`You declined ${invitation.companyName}'s invitation.`);
        return;
      }
      await refresh().catch(() => null);
      toast.success(`You are now a buyer of ${invitation.companyName}.`);
      navigate(result.redirectTo, { replace: true });
    },
    onError: (error) => {
      toast.error(isApiError(error) ? error.message : "The answer could not be saved. Please try again.");
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });
  const busy = answer.isPending;
  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-3 space-y-0">
        {invitation.companyLogoUrl ? (
          <img src={invitation.companyLogoUrl} alt="" className="size-10 shrink-0 rounded object-contain" />
        ) : (
          <MailOpen className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />
        )}
        <div className="min-w-0 space-y-1">
          <CardTitle className="break-words text-base">{invitation.companyName}</CardTitle>
          <CardDescription>invites you to buy leads as one of its buyers.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="text-muted-foreground text-sm">
        Accepting links this account to the company's buyer record: you will see the leads it sends you and it
        will see your purchases. Nothing is linked unless you accept. The invitation expires on{" "}
        {new Date(invitation.expiresAt).toLocaleDateString()}.
      </CardContent>
      <CardFooter className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" disabled={busy} onClick={() => setConfirmDecline(true)}>
          <X />
          Decline
        </Button>
        <Button disabled={busy} onClick={() => answer.mutate("accept")}>
          <Check />
          {busy && answer.variables === "accept" ? "Accepting…" : "Accept"}
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={confirmDecline}
        onOpenChange={setConfirmDecline}
        title="Decline this invitation?"
        description={`${invitation.companyName} will not be linked to your account. They can send you a new invitation later.`}
        confirmLabel="Decline"
        onConfirm={() => answer.mutate("decline")}
      />
    </Card>
  );
}

/** Buyer invitations to the signed-in user's address: each is accepted or declined here, never silently. */
export function InvitationsPage() {
  const query = useQuery({ queryKey: QUERY_KEY, queryFn: ({ signal }) => fetchOpenInvitations(signal) });
  return (
    <div className="mx-auto w-full max-w-2xl p-4 md:p-8">
      <PageHeader
        title="Buyer invitations"
        description="Companies that invited this e-mail address to buy their leads."
        actions={
          <Button variant="outline" size="sm" asChild>
            <Link to="/">
              <ArrowLeft />
              Back
            </Link>
          </Button>
        }
      />
      {query.isPending ? (
        <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading invitations">
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="grid gap-3 rounded-lg border p-6 text-sm">
          <p>The invitations could not be loaded.</p>
          <div>
            <Button size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : query.data.length === 0 ? (
        <div className="rounded-lg border border-dashed p-8 text-center text-muted-foreground text-sm">
          No invitations are waiting for an answer.
        </div>
      ) : (
        <div className="grid gap-4">
          {query.data.map((invitation) => (
            <InvitationCard key={invitation.id} invitation={invitation} />
          ))}
        </div>
      )}
    </div>
  );
}
