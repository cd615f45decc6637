import type { TWhoami } from "@leadpost/shared";
import { createContext } from "react";

export type TSessionStatus = "loading" | "authenticated" | "unauthenticated" | "error";

export type TSessionContext = {
  status: TSessionStatus;
  /** The whoami answer while signed in, else null. */
  user: TWhoami | null;
  /** Why the bootstrap failed (status "error"), usually an ApiError. */
  error: unknown;
  /** Re-reads whoami now (e.g. right after sign-in) and returns the fresh answer. */
  refresh: () => Promise<TWhoami | null>;
  /** Forgets the user locally and drops every cached query (after sign-out or an expired session). */
  clear: () => void;
  /** Spec 000 §4 retry: cancels and removes non-session queries, then restarts the bootstrap. */
  retryBootstrap: () => void;
};

export const SessionContext = createContext<TSessionContext | null>(null);
