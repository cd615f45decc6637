// @vitest-environment node
import { describe, expect, it } from "vitest";
import { mergeClasses } from "./merge-classes";
import { cn } from "./utils";

// The cases are the overrides the app's screens pass to components/ui (a caller's className after the
// component's own classes).
describe("mergeClasses", () => {
  it("lets a later padding win and a side padding stand beside a shorthand before it", () => {
    expect(mergeClasses("px-4 py-2 h-auto p-0")).toBe("h-auto p-0"); // Button className="h-auto p-0"
    expect(mergeClasses("gap-6 rounded-xl py-6 overflow-x-auto py-0")).toBe(
      "gap-6 rounded-xl overflow-x-auto py-0",
    );
    expect(mergeClasses("flex h-9 px-3 py-1 pr-10")).toBe("flex h-9 px-3 py-1 pr-10"); // password input
    expect(mergeClasses("p-6 pr-10 p-0")).toBe("p-0");
    expect(mergeClasses("p-0 px-2")).toBe("p-0 px-2");
    expect(mergeClasses("p-2 p-0!")).toBe("p-2 p-0!"); // important is its own layer
  });

  it("resolves margins, negative ones included", () => {
    expect(mergeClasses("ml-1 -ml-2")).toBe("-ml-2");
    expect(mergeClasses("mx-2 ml-auto")).toBe("mx-2 ml-auto");
    expect(mergeClasses("ml-auto mx-2")).toBe("mx-2");
    expect(mergeClasses("mt-2 m-0")).toBe("m-0");
  });

  it("resolves sizes, widths and heights", () => {
    expect(mergeClasses("inline-flex w-fit items-center w-full max-w-md")).toBe(
      "inline-flex items-center w-full max-w-md",
    );
    expect(mergeClasses("w-[10.5rem] w-full sm:w-64")).toBe("w-full sm:w-64");
    expect(mergeClasses("h-9 w-4 size-8")).toBe("size-8"); // size covers width and height
    expect(mergeClasses("size-8 h-4")).toBe("size-8 h-4");
    expect(mergeClasses("size-4 size-8!")).toBe("size-4 size-8!");
    expect(mergeClasses("max-h-[calc(100svh-2rem)] max-h-[90vh]")).toBe("max-h-[90vh]");
    expect(mergeClasses("min-w-0 w-0")).toBe("min-w-0 w-0");
  });

  it("tells text size, colour and alignment apart", () => {
    expect(mergeClasses("text-sm text-muted-foreground text-destructive")).toBe("text-sm text-destructive");
    expect(mergeClasses("text-base md:text-sm text-xs")).toBe("md:text-sm text-xs");
    expect(mergeClasses("text-left text-center text-sm")).toBe("text-center text-sm");
    expect(mergeClasses("leading-none text-sm")).toBe("text-sm"); // a font size sets the line height
    expect(mergeClasses("text-sm leading-none")).toBe("text-sm leading-none");
    expect(mergeClasses("font-medium font-mono font-semibold")).toBe("font-mono font-semibold");
  });

  it("tells border width, style and colour apart, per side", () => {
    expect(mergeClasses("border border-input border-dashed")).toBe("border border-input border-dashed");
    expect(mergeClasses("border-destructive/30 border-amber-500/60")).toBe("border-amber-500/60");
    expect(mergeClasses("border-b border-b-0")).toBe("border-b-0");
    expect(mergeClasses("border-b border-0")).toBe("border-0");
    expect(mergeClasses("border-0 border-b")).toBe("border-0 border-b");
    expect(mergeClasses("border-transparent border-[var(--form-accent)]")).toBe(
      "border-[var(--form-accent)]",
    );
  });

  it("resolves backgrounds, rounding, shadows and rings", () => {
    expect(mergeClasses("bg-background bg-amber-50 dark:bg-input/30 dark:bg-amber-950/30")).toBe(
      "bg-amber-50 dark:bg-amber-950/30",
    );
    expect(mergeClasses("rounded-r-md rounded-lg")).toBe("rounded-lg");
    expect(mergeClasses("rounded-lg rounded-r-md")).toBe("rounded-lg rounded-r-md");
    expect(mergeClasses("shadow-xs shadow-none")).toBe("shadow-none");
    expect(mergeClasses("shadow-sm shadow-[0_0_0_1px_var(--sidebar-border)]")).toBe(
      "shadow-[0_0_0_1px_var(--sidebar-border)]",
    );
    expect(mergeClasses("ring-[3px] ring-ring/50 ring-0")).toBe("ring-ring/50 ring-0");
    expect(mergeClasses("ring-offset-background ring-offset-2")).toBe("ring-offset-background ring-offset-2");
  });

  it("resolves display, position, gap, flex and overflow", () => {
    expect(mergeClasses("flex hidden")).toBe("hidden");
    expect(mergeClasses("hidden md:flex")).toBe("hidden md:flex");
    expect(mergeClasses("relative absolute")).toBe("absolute");
    expect(mergeClasses("gap-x-3 gap-y-2 gap-4")).toBe("gap-4");
    expect(mergeClasses("gap-6 gap-0 py-0")).toBe("gap-0 py-0");
    expect(mergeClasses("shrink-0 basis-40 flex-1")).toBe("flex-1");
    expect(mergeClasses("flex flex-col flex-row flex-1")).toBe("flex flex-row flex-1");
    expect(mergeClasses("overflow-x-auto overflow-hidden")).toBe("overflow-hidden");
    expect(mergeClasses("overflow-hidden line-clamp-2")).toBe("line-clamp-2");
    expect(mergeClasses("inset-y-0 top-2 inset-0")).toBe("inset-0");
  });

  it("compares variants whatever their order, and keeps an arbitrary variant's order", () => {
    expect(
      mergeClasses("hover:bg-accent dark:hover:bg-accent/50 hover:bg-transparent hover:dark:bg-transparent"),
    ).toBe("hover:bg-transparent hover:dark:bg-transparent");
    expect(mergeClasses("sm:max-w-lg sm:max-w-2xl max-w-full")).toBe("sm:max-w-2xl max-w-full");
    expect(mergeClasses("[&_svg]:size-4 has-[>svg]:px-3 [&_svg]:size-5")).toBe(
      "has-[>svg]:px-3 [&_svg]:size-5",
    );
    expect(mergeClasses("focus-visible:ring-[3px] focus-visible:ring-2")).toBe("focus-visible:ring-2");
  });

  it("keeps classes it does not know, and arbitrary properties by property", () => {
    expect(mergeClasses("leadpost-card animate-zoom-in leadpost-card")).toBe(
      "leadpost-card animate-zoom-in leadpost-card",
    );
    expect(mergeClasses("[overflow-wrap:anywhere] [overflow-wrap:normal]")).toBe("[overflow-wrap:normal]");
    expect(mergeClasses("  px-2\n  px-3 ")).toBe("px-3");
  });
});

describe("cn", () => {
  it("joins conditional classes and merges them", () => {
    expect(cn("rounded-md border p-3 text-sm", false && "p-0", { "text-destructive": true }, ["p-4"])).toBe(
      "rounded-md border text-sm text-destructive p-4",
    );
  });
});
