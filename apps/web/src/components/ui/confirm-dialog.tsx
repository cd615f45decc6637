import { lazy, Suspense, useState } from "react";
import type { TConfirmDialogProps } from "./confirm-dialog-content";

// The alert dialog and its radix layers (about 14 KiB gzip) load on the first open, not with the screen.
const ConfirmDialogContent = lazy(async () => ({
  default: (await import("./confirm-dialog-content")).ConfirmDialogContent,
}));

/** Asks before a destructive action; the action button is the destructive variant. */
export function ConfirmDialog(props: TConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  // Once opened it stays mounted, so closing plays the dialog's own exit animation.
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}
