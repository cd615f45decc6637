import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { whoamiQueryKey } from "./whoami";

/** Spec 000 §4: a bootstrap retry keeps queries whose key mentions auth or session. */
export function isKeptOnBootstrapRetry(queryKey: QueryKey): boolean {
  return queryKey.some((part) => typeof part === "string" && /auth|session/i.test(part));
}

/** Cancels and removes every other cached query, then starts the session bootstrap again. */
export async function retryBootstrap(queryClient: QueryClient): Promise<void> {
  const discard = { predicate: (query: { queryKey: QueryKey }) => !isKeptOnBootstrapRetry(query.queryKey) };
  await queryClient.cancelQueries(discard);
  queryClient.removeQueries(discard);
  await queryClient.resetQueries({ queryKey: whoamiQueryKey });
}
