import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

// Apart from ./query-states: a screen that only defers its tabs (the form builder) loads these alone.

export function LoadingBlock({ rows = 3, className }: { rows?: number; className?: string }) {
  return (
    <div className={cn("grid gap-3", className)} role="status" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

/**
 * A tab's content whose module loads when it is first shown, not with its screen, with the loading
 * skeleton meanwhile (a screen opens on its default tab; the others wait for a click). Its module goes
 * in on-demand.mjs. Dialogs have `lazyDialog` (./dialog.tsx).
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyPanel(props: P) {
    return (
      <Suspense fallback={<LoadingBlock />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/**
 * A part of a page below the fold whose code loads when it comes into view (`shown`: lib/use-shown-once.ts):
 * until then the room of its loading blocks, without them (nothing loads out of view); then the part,
 * with `fallback` while its code is on the way.
 */
export function ShownOncePart({
  shown,
  fallback,
  children,
}: {
  shown: boolean;
  fallback: ReactNode;
  children: ReactNode;
}) {
  if (!shown) return <div aria-hidden="true" className="h-35" />;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
