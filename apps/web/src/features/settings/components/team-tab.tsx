import type { TTeam } from "@leadpost/shared";
import { TEAM_MESSAGES } from "@leadpost/shared/domain/team";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail, Trash2, UserPlus } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { QueryState } from "@/components/ui/query-states";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import {
  changeTeamRole,
  fetchTeam,
  inviteTeamMember,
  removeTeamMember,
  revokeTeamInvitation,
  teamKeys,
} from "../team-api";

const ROLE_LABEL = { owner: "Owner", org_admin: "Admin", member: "Member" } as const;
type TInviteRole = "org_admin" | "member";
type TRemoval = { kind: "member" | "invitation"; id: string; label: string };

/** Team: the company's users and pending invitations within the plan's seats (PRODUCT.md "Team"). */
export function TeamTab() {
  const id = useId();
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: teamKeys, queryFn: ({ signal }) => fetchTeam(signal) });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TInviteRole>("member");
  const [emailError, setEmailError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<TRemoval | null>(null);
  const settle = (next: TTeam) => queryClient.setQueryData(teamKeys, next);

  const invite = useMutation({
    mutationFn: () => inviteTeamMember({ email: email.trim(), role }),
    onSuccess: (next) => {
      settle(next);
      toast.success(TEAM_MESSAGES.INVITED.replace("{email}", email.trim()));
      setEmail("");
    },
    onError: (err) => {
      const presented = presentApiError(err);
      setEmailError(presented.fields.email ?? presented.message);
    },
  });
  const setMemberRole = useMutation({
    mutationFn: (v: { userId: string; role: TInviteRole }) => changeTeamRole(v.userId, v.role),
    onSuccess: (next) => {
      settle(next);
      toast.success("Role updated");
    },
    onError: (err) => toast.error(presentApiError(err).message),
  });
  const remove = useMutation({
    mutationFn: (r: TRemoval) => (r.kind === "member" ? removeTeamMember(r.id) : revokeTeamInvitation(r.id)),
    onSuccess: (next, r) => {
      settle(next);
      setRemoving(null);
      toast.success(
        r.kind === "member" ? `${r.label} removed from the team` : `Invitation to ${r.label} revoked`,
      );
    },
    onError: (err) => {
      setRemoving(null);
      toast.error(presentApiError(err).message);
    },
  });

  return (
    <QueryState query={team} label="Loading team" failure="Failed to load settings">
      {(t) => {
        const full = t.used >= t.seats;
        return (
          <div className="grid grid-cols-1 gap-6">
            <div className="grid grid-cols-1 gap-1">
              <p className="font-medium">
                {t.used} of {t.seats} seats used
              </p>
              <p className="text-muted-foreground text-sm">
                Members and pending invitations both take a seat.
              </p>
            </div>
            <form
              noValidate
              aria-label="Invite a team member"
              className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[1fr_10rem_auto]"
              onSubmit={(e) => {
                e.preventDefault();
                if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
                  setEmailError("Enter a valid email address");
                  return;
                }
                setEmailError(undefined);
                invite.mutate();
              }}
            >
              <FormField id={`${id}-email`} label="Email" error={emailError}>
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    placeholder="colleague@example.com"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                  />
                )}
              </FormField>
              <div className="grid grid-cols-1 gap-2">
                <Label htmlFor={`${id}-role`}>Role</Label>
                <Select value={role} onValueChange={(v) => setRole(v as TInviteRole)}>
                  <SelectTrigger id={`${id}-role`} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="member">Member</SelectItem>
                    <SelectItem value="org_admin">Admin</SelectItem>
                  </SelectContent>
                </Select>
              </div>
              <BusyButton
                type="submit"
                className="sm:mt-[22px]"
                busy={invite.isPending}
                disabled={full}
                icon={<UserPlus aria-hidden="true" />}
              >
                Invite
              </BusyButton>
            </form>
            {full && (
              <p className="text-muted-foreground text-sm" role="status">
                {TEAM_MESSAGES.SEAT_LIMIT.replace("{seats}", String(t.seats))}
              </p>
            )}
            <ul className="grid grid-cols-1 gap-2" aria-label="Team members">
              {t.members.map((m) => (
                <li
                  key={m.userId}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium">{m.name}</p>
                    <p className="break-all text-muted-foreground text-sm">{m.email}</p>
                  </div>
                  {m.role === "owner" ? (
                    <Badge>Owner</Badge>
                  ) : (
                    <div className="flex items-center gap-2">
                      <Select
                        value={m.role}
                        onValueChange={(v) =>
                          setMemberRole.mutate({ userId: m.userId, role: v as TInviteRole })
                        }
                      >
                        <SelectTrigger className="w-28" aria-label={`Role of ${m.name}`}>
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          <SelectItem value="member">{ROLE_LABEL.member}</SelectItem>
                          <SelectItem value="org_admin">{ROLE_LABEL.org_admin}</SelectItem>
                        </SelectContent>
                      </Select>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Remove ${m.name}`}
                        onClick={() => setRemoving({ kind: "member", id: m.userId, label: m.name })}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  )}
                </li>
              ))}
              {t.invitations.map((i) => (
                <li
                  key={i.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed p-3"
                >
                  <div className="flex min-w-0 items-center gap-2">
                    <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="break-all text-sm">{i.email}</span>
                    <Badge variant="secondary">Invited · {ROLE_LABEL[i.role]}</Badge>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRemoving({ kind: "invitation", id: i.id, label: i.email })}
                  >
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
            <ConfirmDialog
              open={removing !== null}
              onOpenChange={(open) => !open && setRemoving(null)}
              title={
                removing?.kind === "member"
                  ? `Remove ${removing.label}?`
                  : `Revoke the invitation to ${removing?.label}?`
              }
              description={
                removing?.kind === "member"
                  ? "They lose access to this company at once. Their account itself is kept."
                  : "The e-mailed link stops working and the seat is freed."
              }
              confirmLabel={removing?.kind === "member" ? "Remove" : "Revoke"}
              busy={remove.isPending}
              onConfirm={() => removing && remove.mutate(removing)}
            />
          </div>
        );
      }}
    </QueryState>
  );
}
