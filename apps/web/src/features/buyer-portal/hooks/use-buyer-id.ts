import { useWorkspace } from "@/lib/workspace/use-workspace";

// Its own file: a screen that needs only the buyer's id (the returns list) does not bring every portal hook.

/** The buyer workspace open in this tab (the server still checks it is the user's own). */
export function useBuyerId(): string | null {
  return useWorkspace().workspace.buyerId;
}
