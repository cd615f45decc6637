import { useContext } from "react";
import { type TWorkspaceContext, WorkspaceContext } from "./workspace-context";

/** The workspace switcher's state; use inside <WorkspaceProvider>. */
export function useWorkspace(): TWorkspaceContext {
  const context = useContext(WorkspaceContext);
  if (!context) throw new Error("useWorkspace must be used within a WorkspaceProvider.");
  return context;
}
