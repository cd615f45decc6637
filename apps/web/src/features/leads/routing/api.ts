import {
  type TAssignLeadResult,
  type TAssignmentOptions,
  ZAssignLeadResultSchema,
  ZAssignmentOptionsSchema,
} from "@leadpost/shared";
import { apiClient } from "@/lib/api-client";

export const assignmentKeys = {
  all: ["lead-assignment"] as const,
  options: (leadId: string, search: string) => [...assignmentKeys.all, leadId, search] as const,
};

export const fetchAssignmentOptions = (
  leadId: string,
  search: string,
  signal?: AbortSignal,
): Promise<TAssignmentOptions> =>
  apiClient.get(`/api/leads/${leadId}/assignment-options`, {
    query: { search: search || undefined },
    schema: ZAssignmentOptionsSchema,
    signal,
  });

export const assignLead = (leadId: string, buyerId: string): Promise<TAssignLeadResult> =>
  apiClient.post(`/api/leads/${leadId}/assignments`, { buyerId }, { schema: ZAssignLeadResultSchema });
