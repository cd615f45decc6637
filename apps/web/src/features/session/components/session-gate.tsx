import type * as React from "react";
import { useSession } from "@/lib/session/use-session";
import { BootstrapFailure } from "./bootstrap-failure";
import { FullPageLoading } from "./full-page-loading";

/** Renders the app only once the session bootstrap has an answer (signed in or signed out). */
export function SessionGate({ children }: { children: React.ReactNode }) {
  const { status, error, retryBootstrap } = useSession();
  if (status === "loading") return <FullPageLoading onRetry={retryBootstrap} />;
  if (status === "error") return <BootstrapFailure error={error} onRetry={retryBootstrap} />;
  return children;
}
