import { Construction } from "lucide-react";
import { useEffect } from "react";
import { useParams } from "react-router";
import { cn } from "@/lib/utils";

export type TPublicFormVariant = "page" | "preview" | "embed";

/**
 * Public lead-capture form (/forms/:formId, /preview, /embed). A placeholder until the forms feature:
 * it lives in its own chunk and must never import the dashboard layout.
 */
export function PublicFormPage({ variant }: { variant: TPublicFormVariant }) {
  const { formId } = useParams();
  const embedded = variant === "embed";

  useEffect(() => {
    document.title = "Form";
  }, []);

  return (
    <main
      className={cn(
        "flex min-h-svh items-center justify-center p-4",
        embedded ? "bg-transparent" : "bg-muted/40",
      )}
    >
      <div
        className={cn(
          "w-full max-w-lg rounded-xl p-6 text-center",
          // Spec 001 §2: the embed renders without border or shadow.
          !embedded && "border bg-card shadow-sm",
        )}
      >
        <Construction className="mx-auto mb-3 size-8 text-muted-foreground" aria-hidden="true" />
        <h1 className="font-semibold text-lg">Form — this screen is coming soon</h1>
        <p className="mt-2 text-muted-foreground text-sm">
          Published forms will be filled in here. Form <code className="font-mono">{formId}</code> cannot be
          shown yet.
        </p>
      </div>
    </main>
  );
}
