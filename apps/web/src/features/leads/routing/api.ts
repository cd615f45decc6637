import {
  type TAssignLeadResult,
  type TAssignmentOptions,
  ZAssignLeadResultSchema,
  ZAssignmentOptionsSchema,
} from "@leadpost/shared";
import { api } from "@/lib/api/typed-client";

export const assignmentKeys = {
  all: ["lead-assignment"] as const,
  options: (leadId: string, search: string) => [...assignmentKeys.all, leadId, search] as const,
};

export const fetchAssignmentOptions = (
  leadId: string,
  search: string,
  signal?: AbortSignal,
): Promise<TAssignmentOptions> =>
  api.get("/api/leads/{leadId}/assignment-options", {
    params: { leadId },
    query: { search: search || undefined },
    schema: ZAssignmentOptionsSchema,
    signal,
  });

export const assignLead = (leadId: string, buyerId: string): Promise<TAssignLeadResult> =>
  api.post("/api/leads/{leadId}/assignments", {
    params: { leadId },
    body: { buyerId },
    schema: ZAssignLeadResultSchema,
  });
