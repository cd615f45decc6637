import { FileQuestion } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Any address the app does not know, signed in or not: say so instead of guessing a destination. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle("Page not found");
  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-6 text-foreground">
      <div className="w-full max-w-md space-y-4 text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-muted">
          <FileQuestion aria-hidden="true" className="size-6 text-muted-foreground" />
        </div>
        <h1 className="font-semibold text-2xl tracking-tight">Page not found</h1>
        <p className="break-all text-muted-foreground text-sm">
          There is no page at <code className="rounded bg-muted px-1 py-0.5">{pathname}</code>.
        </p>
        <Button asChild>
          <Link to="/">Go to the start page</Link>
        </Button>
      </div>
    </main>
  );
}
