import { LoaderCircle } from "lucide-react";
import type { Dialog as DialogPrimitive } from "radix-ui";
import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { onFirstUse } from "@/lib/on-first-use";

/**
 * The app's dialog. The radix dialog (dialog-radix.tsx, with its focus trap, scroll lock and layers:
 * about 12 KiB gzip) loads on a dialog's first open, not with the screen. A closed dialog draws nothing
 * (every dialog of the app is opened by its screen, none by a trigger of its own); an opened one shows
 * the dimmed backdrop with a spinner for the moment its code takes to arrive. Once opened it stays the
 * radix dialog, so closing plays its exit animation.
 */
type TRadixDialog = typeof import("./dialog-radix");

const radixModule = onFirstUse(() => import("./dialog-radix"));
/** Loads the radix dialog ahead of a first open (the unit tests' setup does). */
export const preloadDialog = () => radixModule.load();

/** An opened dialog whose code is on its way: the dimmed backdrop with a spinner. */
export function DialogLoading() {
  return createPortal(
    <div
      data-slot="dialog-overlay"
      role="status"
      aria-label="Loading"
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50"
    >
      <LoaderCircle className="size-6 animate-spin text-white" aria-hidden="true" />
    </div>,
    document.body,
  );
}

export function Dialog(props: ComponentProps<typeof DialogPrimitive.Root>) {
  const [radix, setRadix] = useState<TRadixDialog | null>(radixModule.current);
  const wanted = props.open ?? props.defaultOpen ?? false;
  const { onOpenChange } = props;
  useEffect(() => {
    if (!wanted || radix) return;
    let live = true;
    radixModule.load().then(
      (module) => live && setRadix(() => module),
      // Not loaded (offline): the dialog closes rather than leave the backdrop up.
      () => live && onOpenChange?.(false),
    );
    return () => {
      live = false;
    };
  }, [wanted, radix, onOpenChange]);
  if (radix) return <radix.Dialog {...props} />;
  return wanted ? <DialogLoading /> : null;
}

// The parts are drawn inside an opened dialog only, so the radix module is there when they are.
export function DialogContent(props: ComponentProps<TRadixDialog["DialogContent"]>) {
  const Content = radixModule.current()?.DialogContent;
  return Content ? <Content {...props} /> : null;
}

export function DialogHeader(props: ComponentProps<TRadixDialog["DialogHeader"]>) {
  const Header = radixModule.current()?.DialogHeader;
  return Header ? <Header {...props} /> : null;
}

export function DialogFooter(props: ComponentProps<TRadixDialog["DialogFooter"]>) {
  const Footer = radixModule.current()?.DialogFooter;
  return Footer ? <Footer {...props} /> : null;
}

export function DialogTitle(props: ComponentProps<TRadixDialog["DialogTitle"]>) {
  const Title = radixModule.current()?.DialogTitle;
  return Title ? <Title {...props} /> : null;
}

export function DialogDescription(props: ComponentProps<TRadixDialog["DialogDescription"]>) {
  const Description = radixModule.current()?.DialogDescription;
  return Description ? <Description {...props} /> : null;
}

/**
 * A screen's dialog whose module (its form, its controls) loads on its first open, not with the screen;
 * the backdrop with a spinner shows while it loads, and once loaded it stays mounted (its exit animation
 * plays). `isOpen` reads the open state from the dialog's props. Its module goes in on-demand.mjs.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={open ? <DialogLoading /> : null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
