import {
  type CSSProperties,
  cloneElement,
  isValidElement,
  type ReactNode,
  type Ref,
  useCallback,
} from "react";

type TSlotProps = Record<string, unknown> & { children?: ReactNode; ref?: Ref<unknown> };

type TRef = Ref<unknown> | undefined;

function setRef(ref: TRef, node: unknown) {
  if (typeof ref === "function") return ref(node);
  if (ref) (ref as { current: unknown }).current = node;
}

/** Gives the node to both refs, as radix's composed refs do (a ref's cleanup runs when it returns one). */
function useBothRefs(first: TRef, second: TRef) {
  return useCallback(
    (node: unknown) => {
      const cleanups = [setRef(first, node), setRef(second, node)];
      if (!cleanups.some((cleanup) => typeof cleanup === "function")) return;
      return () =>
        [first, second].forEach((ref, i) => {
          const cleanup = cleanups[i];
          if (typeof cleanup === "function") cleanup();
          else setRef(ref, null);
        });
    },
    [first, second],
  );
}

/** Both elements' `aria-describedby` ids, each once. */
function describedBy(...values: unknown[]) {
  const ids = new Set(values.flatMap((v) => (typeof v === "string" ? v.trim().split(/\s+/) : [])));
  ids.delete("");
  return ids.size > 0 ? [...ids].join(" ") : undefined;
}

/**
 * `asChild`: renders its single child element with the slot's props merged in, as radix's Slot does (the
 * child's own props win, except that event handlers both run, the child's first; styles merge; class
 * names join, `aria-describedby` ids too; both refs get the node). The app's components need no more than that, so radix's Slot
 * (with its Slottable and lazy children) stays out of every page's first load.
 */
export function Slot({ children, ref, ...slotProps }: TSlotProps) {
  const child = isValidElement<TSlotProps>(children) ? children : null;
  const childProps: TSlotProps = child?.props ?? {};
  const composedRef = useBothRefs(ref, childProps.ref);
  if (!child) {
    if (children || children === 0)
      throw new Error("Slot failed to slot onto its children. Expected a single React element child.");
    return null;
  }
  const merged: TSlotProps = { ...slotProps, ...childProps };
  for (const name of Object.keys(childProps)) {
    const own = slotProps[name];
    const theirs = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof own === "function" && typeof theirs === "function")
        merged[name] = (...args: unknown[]) => {
          const result = theirs(...args);
          own(...args);
          return result;
        };
      else if (own && !theirs) merged[name] = own;
    } else if (name === "style") merged.style = { ...(own as CSSProperties), ...(theirs as CSSProperties) };
    else if (name === "className") merged.className = [own, theirs].filter(Boolean).join(" ");
    else if (name === "aria-describedby") merged[name] = describedBy(theirs, own);
  }
  merged.ref = ref ? composedRef : childProps.ref;
  return cloneElement(child, merged);
}
