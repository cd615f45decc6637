import { useContext } from "react";
import { SessionContext, type TSessionContext } from "./session-context";

/** The current session; use inside <SessionProvider>. */
export function useSession(): TSessionContext {
  const context = useContext(SessionContext);
  if (!context) throw new Error("useSession must be used within a SessionProvider.");
  return context;
}
