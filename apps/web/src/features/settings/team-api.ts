import { api } from "@/lib/api/typed-client";
import { schema } from "./api-schema";

// The Team tab's calls, loaded with that tab (answers checked in development only: ./api-schema.ts).
const ZTeamSchema = schema("ZTeamSchema");

export const teamKeys = ["settings", "team"] as const;
export const fetchTeam = (signal?: AbortSignal) =>
  api.get("/api/settings/team", { schema: ZTeamSchema, signal });
export const inviteTeamMember = (input: { email: string; role: "org_admin" | "member" }) =>
  api.post("/api/settings/team/invitations", { body: input, schema: ZTeamSchema });
export const revokeTeamInvitation = (id: string) =>
  api.delete("/api/settings/team/invitations/{id}", { params: { id }, schema: ZTeamSchema });
export const changeTeamRole = (userId: string, role: "org_admin" | "member") =>
  api.put("/api/settings/team/members/{userId}/role", {
    params: { userId },
    body: { role },
    schema: ZTeamSchema,
  });
export const removeTeamMember = (userId: string) =>
  api.delete("/api/settings/team/members/{userId}", { params: { userId }, schema: ZTeamSchema });
