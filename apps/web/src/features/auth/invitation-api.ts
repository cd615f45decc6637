import type {
  TAcceptTeamInvitation,
  TCompanyRegistration,
  TInvitationDetails,
  TTeamInvitationDetails,
} from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";
import { open, schema } from "./api-base";

// Registration and the invitations' calls (company registration, buyer and team invitations).

export function registerCompany(input: TCompanyRegistration) {
  return api.post("/api/accounts/company", {
    body: input,
    ...open,
    schema: schema("ZCompanyRegistrationResultSchema"),
  });
}

export function fetchInvitation(token: string): Promise<TInvitationDetails> {
  return api.get("/api/invitations/{token}", {
    params: { token },
    ...open,
    schema: schema("ZInvitationDetailsSchema"),
  });
}

export function acceptInvitation(
  token: string,
  input: { password: string; confirmPassword: string },
  timeoutMs?: number,
) {
  return api.post("/api/invitations/{token}/accept", {
    params: { token },
    body: input,
    ...open,
    timeoutMs,
    schema: schema("ZAcceptedSchema"),
  });
}

/** After Google sign-in: accept the invitation as the signed-in user. */
export function acceptInvitationAsSessionUser(token: string) {
  return api.post("/api/accounts/invitations/{token}/accept-session", {
    params: { token },
    body: {},
    schema: schema("ZAcceptedSchema"),
  });
}

export function fetchTeamInvitation(token: string): Promise<TTeamInvitationDetails> {
  return api.get("/api/team-invitations/{token}", {
    params: { token },
    ...open,
    schema: schema("ZTeamInvitationDetailsSchema"),
  });
}

/** A newcomer joins the company with a name and password, and is signed in. */
export const acceptTeamInvitation = (token: string, input: TAcceptTeamInvitation) =>
  api.post("/api/team-invitations/{token}/accept", {
    params: { token },
    body: input,
    ...open,
    schema: schema("ZJoined"),
  });

/** The signed-in user with the invited address joins the company. */
export const acceptTeamInvitationAsUser = (token: string) =>
  api.post("/api/team-invitations/{token}/accept-session", {
    params: { token },
    body: {},
    schema: schema("ZJoined"),
  });
