import { createContext } from "react";
import type { TWorkspace, TWorkspaceMode } from "./workspace-storage";

export type TWorkspaceContext = {
  /** Where the user works now: the company side ("owner") or the buyer portal ("buyer"). */
  workspace: TWorkspace;
  setMode: (mode: TWorkspaceMode) => void;
  /** Back to the defaults (owner mode, ids from whoami); the stored value is removed. */
  reset: () => void;
};

export const WorkspaceContext = createContext<TWorkspaceContext | null>(null);
