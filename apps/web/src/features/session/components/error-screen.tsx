import { LogIn, RefreshCw, TriangleExclamationPoint } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

type TErrorScreenProps = {
  error?: unknown;
  /** Public pages (forms) have no use for a login button. */
  showLogin?: boolean;
};

/** Spec 000 §2.2 and §8: the screen shown when rendering failed. */
export function ErrorScreen({ error, showLogin = true }: TErrorScreenProps) {
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : null;
  return (
    <div className="flex min-h-svh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md" role="alert">
        <CardHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <TriangleExclamationPoint className="size-5" aria-hidden="true" />
          </div>
          <CardTitle className="text-xl">Something went wrong</CardTitle>
          <CardDescription>An unexpected error occurred. Please try again.</CardDescription>
          {detail && <pre className="mt-2 overflow-auto rounded bg-muted p-2 text-xs">{detail}</pre>}
        </CardHeader>
        <CardFooter className="gap-2">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw />
            Retry
          </Button>
          {showLogin && (
            <Button variant="outline" onClick={() => window.location.assign("/login")}>
              <LogIn />
              Go to Login
            </Button>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}
