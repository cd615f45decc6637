import * as React from "react";
import { cn } from "@/lib/utils";

// Tabs as radix-ui's Tabs draws them (roles, ids, data-state, roving focus, activation on focus), without
// its roving-focus, collection and presence layers: about 9 KiB gzip less on every screen with tabs.

type TTabsContext = {
  baseId: string;
  value: string | undefined;
  select: (value: string) => void;
  /** The value whose panel is rendered, if any: a tab names (aria-controls) only a panel that exists. */
  shown: string | null;
  setShown: React.Dispatch<React.SetStateAction<string | null>>;
};

const TabsContext = React.createContext<TTabsContext | null>(null);

function useTabs(part: string): TTabsContext {
  const context = React.useContext(TabsContext);
  if (!context) throw new Error(`<${part}> must be used within <Tabs>`);
  return context;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

type TTabsProps = Omit<React.ComponentProps<"div">, "defaultValue" | "dir"> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
};

export function Tabs({ className, value, defaultValue, onValueChange, ...props }: TTabsProps) {
  const baseId = React.useId();
  const [own, setOwn] = React.useState(defaultValue);
  const current = value ?? own;
  const latest = React.useRef({ current, onValueChange });
  latest.current = { current, onValueChange };
  const select = React.useCallback((next: string) => {
    if (next === latest.current.current) return;
    latest.current.current = next;
    setOwn(next);
    latest.current.onValueChange?.(next);
  }, []);
  // Tabs used as a filter have no panels: their tabs then name none.
  const [shown, setShown] = React.useState<string | null>(null);
  const context = React.useMemo(
    () => ({ baseId, value: current, select, shown, setShown }),
    [baseId, current, select, shown],
  );
  return (
    <TabsContext.Provider value={context}>
      <div
        dir="ltr"
        data-orientation="horizontal"
        data-slot="tabs"
        className={cn("flex min-w-0 flex-col gap-2", className)}
        {...props}
      />
    </TabsContext.Provider>
  );
}

/** Arrow keys move along the tabs (looping), Home and End (and PageUp, PageDown) to the first and last. */
function moveFocus(event: React.KeyboardEvent<HTMLDivElement>) {
  if (event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const at = tabs.indexOf(event.target as HTMLButtonElement);
  if (at < 0) return;
  const to =
    event.key === "ArrowRight"
      ? (at + 1) % tabs.length
      : event.key === "ArrowLeft"
        ? (at - 1 + tabs.length) % tabs.length
        : event.key === "Home" || event.key === "PageUp"
          ? 0
          : event.key === "End" || event.key === "PageDown"
            ? tabs.length - 1
            : null;
  if (to === null) return;
  event.preventDefault();
  tabs[to]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        "inline-flex h-9 w-fit items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground",
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

type TTriggerProps = Omit<React.ComponentProps<"button">, "value"> & { value: string };

export function TabsTrigger({ className, value, disabled, ...props }: TTriggerProps) {
  const tabs = useTabs("TabsTrigger");
  const active = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      aria-selected={active}
      aria-controls={tabs.shown === value ? contentId(tabs.baseId, value) : undefined}
      data-state={active ? "active" : "inactive"}
      data-disabled={disabled ? "" : undefined}
      data-orientation="horizontal"
      disabled={disabled}
      id={triggerId(tabs.baseId, value)}
      // The selected tab is the one the Tab key reaches; the others by the arrow keys.
      tabIndex={active ? 0 : -1}
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex h-[calc(100%-1px)] flex-1 cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap rounded-md border border-transparent px-2 py-1 font-medium text-foreground text-sm outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:shadow-sm dark:text-muted-foreground dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30 dark:data-[state=active]:text-foreground [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        props.onMouseDown?.(event);
        if (event.defaultPrevented || disabled) return;
        // Selected on press with the main button; a ctrl-click neither selects nor takes focus.
        if (event.button === 0 && !event.ctrlKey) tabs.select(value);
        else event.preventDefault();
      }}
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        if (!event.defaultPrevented && !disabled && (event.key === " " || event.key === "Enter"))
          tabs.select(value);
      }}
      onFocus={(event) => {
        props.onFocus?.(event);
        // A tab reached by the keyboard is selected at once.
        if (!event.defaultPrevented && !active && !disabled) tabs.select(value);
      }}
    />
  );
}

type TContentProps = Omit<React.ComponentProps<"div">, "value"> & { value: string };

/** The selected tab's panel; the others are not rendered. */
export function TabsContent({ className, value, ...props }: TContentProps) {
  const tabs = useTabs("TabsContent");
  const active = tabs.value === value;
  const { setShown } = tabs;
  React.useLayoutEffect(() => {
    if (!active) return;
    setShown(value);
    return () => setShown((shown) => (shown === value ? null : shown));
  }, [active, value, setShown]);
  if (!active) return null;
  return (
    <div
      role="tabpanel"
      data-state="active"
      data-orientation="horizontal"
      aria-labelledby={triggerId(tabs.baseId, value)}
      id={contentId(tabs.baseId, value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern's panel takes focus (as radix's does)
      tabIndex={0}
      data-slot="tabs-content"
      className={cn(
        "min-w-0 flex-1 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
        className,
      )}
      {...props}
    />
  );
}
