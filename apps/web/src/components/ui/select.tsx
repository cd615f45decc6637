import { ChevronDownIcon } from "lucide-react";
import type { Select as SelectPrimitive } from "radix-ui";
import { type ComponentProps, createContext, type ReactNode, useContext, useMemo, useState } from "react";
import { createPortal } from "react-dom";
import { onFirstUse } from "@/lib/on-first-use";
import { cn } from "@/lib/utils";
import { SELECT_TRIGGER_CLASS } from "./select-trigger-class";

/**
 * The app's select. The radix select (select-radix.tsx, with its popper, focus and scroll locks: about
 * 30 KiB gzip) loads on a select's first open, not with the page: until then each select is a stand-in
 * with the same closed look, label, value text and placeholder. Pointing at it or focusing it starts the
 * download; a click, Enter, Space or an arrow key opens it, and it mounts open once loaded. A select
 * mounted after the first load is the radix one from the start.
 */
type TRadixSelect = typeof import("./select-radix");

const radixModule = onFirstUse(() => import("./select-radix"));
const preload = () => void radixModule.load().catch(() => undefined);

/** The loaded radix module, for the parts of a select that has switched to it. */
const RadixContext = createContext<TRadixSelect | null>(null);

type TStandIn = {
  value: string | undefined;
  disabled: boolean | undefined;
  required: boolean | undefined;
  open: () => void;
  valueNode: HTMLElement | null;
  setValueNode: (node: HTMLElement | null) => void;
};
const StandInContext = createContext<TStandIn | null>(null);

/** As radix: an empty or missing value shows the placeholder. */
const showsPlaceholder = (value: string | undefined) => value === "" || value === undefined;

export function Select(props: ComponentProps<typeof SelectPrimitive.Root>) {
  const [radix, setRadix] = useState<TRadixSelect | null>(radixModule.current);
  const [openedByUser, setOpenedByUser] = useState(false);
  const [valueNode, setValueNode] = useState<HTMLElement | null>(null);
  const { value = props.defaultValue, disabled, required, children } = props;
  const standIn = useMemo<TStandIn>(
    () => ({
      value,
      disabled,
      required,
      open: () =>
        void radixModule.load().then(
          (module) => {
            setOpenedByUser(true);
            setRadix(() => module);
          },
          () => undefined,
        ),
      valueNode,
      setValueNode,
    }),
    [value, disabled, required, valueNode],
  );
  if (radix) {
    // A stand-in the user opened mounts open (radix reads defaultOpen on mount only).
    return (
      <radix.Select {...props} defaultOpen={openedByUser || props.defaultOpen}>
        <RadixContext.Provider value={radix}>{children}</RadixContext.Provider>
      </radix.Select>
    );
  }
  return <StandInContext.Provider value={standIn}>{children}</StandInContext.Provider>;
}

export function SelectTrigger({
  className,
  size = "default",
  children,
  disabled,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger> & { size?: "sm" | "default" }) {
  const radix = useContext(RadixContext);
  const standIn = useContext(StandInContext);
  if (radix || !standIn) {
    const Trigger = (radix ?? radixModule.current())?.SelectTrigger;
    return Trigger ? (
      <Trigger className={className} size={size} disabled={disabled} {...props}>
        {children}
      </Trigger>
    ) : null;
  }
  const off = disabled || standIn.disabled;
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-required={standIn.required}
      aria-autocomplete="none"
      data-state="closed"
      data-slot="select-trigger"
      data-size={size}
      data-disabled={off ? "" : undefined}
      data-placeholder={showsPlaceholder(standIn.value) ? "" : undefined}
      disabled={off}
      className={cn(SELECT_TRIGGER_CLASS, className)}
      {...(props as ComponentProps<"button">)}
      onPointerEnter={(event) => {
        preload();
        props.onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        props.onFocus?.(event);
      }}
      onClick={(event) => {
        props.onClick?.(event);
        if (!event.defaultPrevented) standIn.open();
      }}
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        if (!event.defaultPrevented && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
          event.preventDefault();
          standIn.open();
        }
      }}
    >
      {children}
      <ChevronDownIcon className="size-4 opacity-50" aria-hidden="true" />
    </button>
  );
}

// No select passes SelectValue children; as radix, the selected item's text stands in its span.
export function SelectValue({
  placeholder,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Value>) {
  const radix = useContext(RadixContext);
  const standIn = useContext(StandInContext);
  if (radix || !standIn) {
    const Value = (radix ?? radixModule.current())?.SelectValue;
    return Value ? (
      <Value placeholder={placeholder} {...props}>
        {children}
      </Value>
    ) : null;
  }
  // As radix: the selected item's text is put here by the item itself (SelectItem's portal below).
  return (
    <span {...(props as ComponentProps<"span">)} ref={standIn.setValueNode} style={{ pointerEvents: "none" }}>
      {showsPlaceholder(standIn.value) ? placeholder : null}
    </span>
  );
}

/** A closed stand-in's items render into a detached fragment (as radix's closed content), none on screen. */
export function SelectContent({ children, ...props }: ComponentProps<typeof SelectPrimitive.Content>) {
  const radix = useContext(RadixContext);
  const standIn = useContext(StandInContext);
  const [fragment] = useState(() => (standIn ? document.createDocumentFragment() : null));
  if (radix || !standIn || !fragment) {
    const Content = (radix ?? radixModule.current())?.SelectContent;
    return Content ? <Content {...props}>{children}</Content> : null;
  }
  return createPortal(children, fragment);
}

export function SelectItem({ children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  const radix = useContext(RadixContext);
  const standIn = useContext(StandInContext);
  if (radix || !standIn) {
    const Item = (radix ?? radixModule.current())?.SelectItem;
    return Item ? <Item {...props}>{children}</Item> : null;
  }
  const { valueNode } = standIn;
  return props.value === standIn.value && valueNode ? createPortal(children as ReactNode, valueNode) : null;
}

export function SelectGroup({ children, ...props }: ComponentProps<typeof SelectPrimitive.Group>) {
  const radix = useContext(RadixContext);
  const standIn = useContext(StandInContext);
  if (radix || !standIn) {
    const Group = (radix ?? radixModule.current())?.SelectGroup;
    return Group ? <Group {...props}>{children}</Group> : null;
  }
  return children;
}

export function SelectLabel(props: ComponentProps<typeof SelectPrimitive.Label>) {
  const radix = useContext(RadixContext);
  const Label = (radix ?? radixModule.current())?.SelectLabel;
  return radix && Label ? <Label {...props} /> : null;
}

export function SelectSeparator(props: ComponentProps<typeof SelectPrimitive.Separator>) {
  const radix = useContext(RadixContext);
  const Separator = (radix ?? radixModule.current())?.SelectSeparator;
  return radix && Separator ? <Separator {...props} /> : null;
}
