import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";

const BuyerHelpGuides = lazy(() => import("./buyer-help-guides"));

/** The guides' titles show at once; their text loads on the first "Show guides". */
export function HelpGuidesSection() {
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <Suspense fallback={<p className="text-muted-foreground text-sm">Loading guides…</p>}>
        <BuyerHelpGuides />
      </Suspense>
    );
  }
  return (
    <section aria-labelledby="guides" className="grid gap-3">
      <h2 id="guides" className="font-semibold text-lg">
        Guides
      </h2>
      <div className="grid gap-3 rounded-lg border p-4 text-sm">
        <p className="text-muted-foreground">
          Returning a lead, lead caps and delivery hours, bids and lead filters, and leads in your own
          systems.
        </p>
        <Button variant="outline" className="w-fit" aria-expanded={false} onClick={() => setOpen(true)}>
          Show guides
        </Button>
      </div>
    </section>
  );
}
