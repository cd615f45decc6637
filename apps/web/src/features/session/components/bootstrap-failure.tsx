import { CircleExclamationPoint, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { isApiError } from "@/lib/api-error";

type TBootstrapFailureProps = { error: unknown; onRetry: () => void };

/** Spec 000 §2.2: the session could not be loaded at all. */
export function BootstrapFailure({ error, onRetry }: TBootstrapFailureProps) {
  const message = error instanceof Error ? error.message : "The server could not be reached.";
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <div className="flex min-h-svh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md" role="alert">
        <CardHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <CircleExclamationPoint className="size-5" aria-hidden="true" />
          </div>
          <CardTitle className="text-xl">Failed to initialize application</CardTitle>
          <CardDescription>{message}</CardDescription>
        </CardHeader>
        {requestId && (
          <CardContent>
            <p className="text-muted-foreground text-xs">
              Request ID:{" "}
              <code className="select-all rounded bg-muted px-1 py-0.5 font-mono">{requestId}</code>
            </p>
          </CardContent>
        )}
        <CardFooter>
          <Button onClick={onRetry}>
            <RefreshCw />
            Retry
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
