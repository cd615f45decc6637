import type * as React from "react";
import { useCallback, useMemo, useState } from "react";
import { useSession } from "@/lib/session/use-session";
import { type TWorkspaceContext, WorkspaceContext } from "./workspace-context";
import {
  DEFAULT_WORKSPACE,
  readWorkspace,
  removeWorkspace,
  resolveWorkspace,
  type TWorkspaceMode,
  writeWorkspace,
} from "./workspace-storage";

/** Holds the owner/buyer workspace choice, persisted in localStorage. Render inside <SessionProvider>. */
export function WorkspaceProvider({ children }: { children: React.ReactNode }) {
  const { user } = useSession();
  const [stored, setStored] = useState(readWorkspace);
  const workspace = useMemo(() => resolveWorkspace(stored, user), [stored, user]);

  const setMode = useCallback(
    (mode: TWorkspaceMode) => {
      const next = resolveWorkspace({ ...stored, mode }, user);
      writeWorkspace(next);
      setStored(next);
    },
    [stored, user],
  );

  const reset = useCallback(() => {
    removeWorkspace();
    setStored(DEFAULT_WORKSPACE);
  }, []);

  const value = useMemo<TWorkspaceContext>(
    () => ({ workspace, setMode, reset }),
    [workspace, setMode, reset],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}
