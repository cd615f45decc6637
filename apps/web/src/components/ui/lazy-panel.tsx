import { type ComponentType, lazy, Suspense } from "react";
import { LoadingBlock } from "./query-states";

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
