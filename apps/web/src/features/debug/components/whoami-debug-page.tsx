import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-error";
import { fetchRawWhoami } from "../api";

function errorText(error: unknown): string {
  if (isApiError(error)) {
    return `${error.message} (${error.status} ${error.code}${error.requestId ? `, request ${error.requestId}` : ""})`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Spec 003 §2.12: what GET /api/whoami answers for this session, or why it failed. */
export function WhoamiDebugPage() {
  const query = useQuery({
    queryKey: ["debug", "whoami"],
    queryFn: ({ signal }) => fetchRawWhoami(signal),
    retry: false,
    staleTime: 0,
  });

  return (
    <div className="mx-auto w-full max-w-3xl p-4 md:p-8">
      <PageHeader
        title="Session details"
        description="The answer of GET /api/whoami for your session."
        actions={
          <>
            <Button variant="outline" size="sm" asChild>
              <Link to="/">
                <ArrowLeft />
                Back
              </Link>
            </Button>
            <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RefreshCw className={query.isFetching ? "animate-spin" : undefined} />
              Refresh
            </Button>
          </>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>whoami</CardTitle>
          <CardDescription>
            Fetched {query.dataUpdatedAt ? new Date(query.dataUpdatedAt).toLocaleString() : "…"}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <div className="space-y-2" role="status" aria-label="Loading session details">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-3/4" />
            </div>
          ) : query.isError ? (
            <p role="alert" className="text-destructive text-sm">
              {errorText(query.error)}
            </p>
          ) : (
            <pre className="overflow-auto rounded-md bg-muted p-4 font-mono text-xs leading-relaxed">
              {JSON.stringify(query.data, null, 2)}
            </pre>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
