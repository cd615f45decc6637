import type { TWorkspaceMode } from "@/lib/workspace/workspace-storage";

export const WORKSPACE_LABELS: Record<TWorkspaceMode, string> = {
  owner: "Company Owner",
  buyer: "Lead Buyer",
};
