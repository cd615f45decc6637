// A small Tailwind class merger: when two classes set the same thing under the same variants, the later one
// wins (`cn("px-4", "px-2")` is `px-2`). It knows the utilities this app's components use and override,
// not Tailwind's whole table; a class it does not know is kept as written.

/** Groups a later class of the key clears too: `p-2` after `px-4` drops the `px-4`. */
const COVERS: Record<string, string> = {
  p: "px py ps pe pt pr pb pl",
  px: "pr pl ps pe",
  py: "pt pb",
  m: "mx my ms me mt mr mb ml",
  mx: "mr ml ms me",
  my: "mt mb",
  "scroll-m": "scroll-mx scroll-my scroll-mt scroll-mr scroll-mb scroll-ml",
  "scroll-my": "scroll-mt scroll-mb",
  inset: "inset-x inset-y start end top right bottom left",
  "inset-x": "right left",
  "inset-y": "top bottom",
  size: "w h",
  gap: "gap-x gap-y",
  overflow: "overflow-x overflow-y",
  "font-size": "leading",
  "line-clamp": "display overflow",
  flex: "basis grow shrink",
  translate: "translate-x translate-y",
  "border-w": "border-w-x border-w-y border-w-t border-w-r border-w-b border-w-l",
  "border-w-x": "border-w-r border-w-l",
  "border-w-y": "border-w-t border-w-b",
  "border-color": "border-color-x border-color-y border-color-t border-color-r border-color-b border-color-l",
  rounded: "rounded-t rounded-r rounded-b rounded-l rounded-tl rounded-tr rounded-br rounded-bl",
  "rounded-t": "rounded-tl rounded-tr",
  "rounded-r": "rounded-tr rounded-br",
  "rounded-b": "rounded-br rounded-bl",
  "rounded-l": "rounded-tl rounded-bl",
};

/** Whole classes that are their own group. */
const KEYWORDS: Record<string, string> = {};
for (const [group, words] of Object.entries({
  display:
    "block inline inline-block inline-flex inline-grid inline-table flex grid hidden contents flow-root list-item table table-caption table-cell table-row table-row-group table-header-group table-footer-group table-column",
  position: "static fixed absolute relative sticky",
  visibility: "visible invisible collapse",
  sr: "sr-only not-sr-only",
  "text-overflow": "truncate text-ellipsis text-clip",
  "text-transform": "uppercase lowercase capitalize normal-case",
  "font-style": "italic not-italic",
  "text-decoration": "underline overline line-through no-underline",
  "fvn-spacing": "tabular-nums proportional-nums",
  filter: "filter filter-none",
  resize: "resize resize-none resize-x resize-y",
  outline: "outline",
  "flex-direction": "flex-row flex-row-reverse flex-col flex-col-reverse",
  "flex-wrap": "flex-wrap flex-wrap-reverse flex-nowrap",
}))
  for (const word of words.split(" ")) KEYWORDS[word] = group;

// Utilities named `prefix-value` whose group is the prefix whatever the value (longest prefix first).
const PREFIXES = (
  "grid-cols grid-rows auto-rows auto-cols col-span col-start col-end row-span row-start row-end " +
  "justify-self justify-items place-items place-content place-self pointer-events line-clamp " +
  "underline-offset outline-offset ring-offset scroll-mx scroll-my scroll-mt scroll-mr scroll-mb scroll-ml " +
  "scroll-m space-x space-y divide-x divide-y translate-x translate-y inset-x inset-y min-w min-h max-w " +
  "max-h gap-x gap-y overflow-x overflow-y field-sizing backdrop-blur break whitespace inset top right " +
  "bottom left start end size w h p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml gap flex shrink grow " +
  "basis order items justify content self z opacity cursor select overflow leading tracking duration delay " +
  "ease animate transition rotate scale translate origin object align list caption accent fill stroke " +
  "aspect decoration columns"
)
  .split(" ")
  .sort((a, b) => b.length - a.length);

const TEXT_SIZES = new Set([
  "xs",
  "sm",
  "base",
  "lg",
  "xl",
  "2xl",
  "3xl",
  "4xl",
  "5xl",
  "6xl",
  "7xl",
  "8xl",
  "9xl",
]);
const TEXT_ALIGN = new Set(["left", "center", "right", "justify", "start", "end"]);
const TEXT_WRAP = new Set(["wrap", "nowrap", "balance", "pretty"]);
const FONT_WEIGHTS = new Set([
  "thin",
  "extralight",
  "light",
  "normal",
  "medium",
  "semibold",
  "bold",
  "extrabold",
  "black",
]);
const LINE_STYLES = new Set(["solid", "dashed", "dotted", "double", "hidden", "none"]);
const SHADOW_SIZES = new Set(["", "2xs", "xs", "sm", "md", "lg", "xl", "2xl", "inner", "none"]);
const BG_OTHER =
  /^(none|fixed|local|scroll|clip-.*|origin-.*|repeat.*|no-repeat|auto|cover|contain|linear-.*|radial.*|conic.*|gradient-.*|(top|bottom|left|right|center).*)$/;
const SIDES = /^(x|y|t|r|b|l|s|e)(?:-|$)/;

const isNumber = (value: string) => /^\d+(\.\d+)?$/.test(value);
const isLength = (value: string) =>
  /^\[(length:)?[\d.]+(px|rem|em|%)?\]$/.test(value) || /^\[length:/.test(value) || value === "px";

/** The group a class without variants belongs to, or `undefined` when the merger does not know it. */
function groupOf(base: string): string | undefined {
  if (KEYWORDS[base]) return KEYWORDS[base];
  if (base.startsWith("@container")) return "container";
  const property = /^\[([a-z-]+):/.exec(base)?.[1];
  if (property) return `[${property}]`;
  const [, head, rest = ""] = /^([a-z]+)(?:-(.*))?$/.exec(base) ?? [];
  if (head === "text") {
    if (TEXT_SIZES.has(rest) || isLength(rest)) return "font-size";
    if (TEXT_ALIGN.has(rest)) return "text-align";
    if (TEXT_WRAP.has(rest)) return "text-wrap";
    return rest ? "text-color" : undefined;
  }
  if (head === "font") return FONT_WEIGHTS.has(rest) ? "font-weight" : rest ? "font-family" : undefined;
  if (head === "bg")
    return rest ? (BG_OTHER.test(rest) ? `bg-${rest.split("-")[0]}` : "bg-color") : undefined;
  if (head === "border") {
    const side = SIDES.exec(rest)?.[1];
    const value = side ? rest.slice(side.length + 1) : rest;
    const suffix = side ? `-${side}` : "";
    if (value === "" || isNumber(value) || isLength(value)) return `border-w${suffix}`;
    if (!side && LINE_STYLES.has(value)) return "border-style";
    return `border-color${suffix}`;
  }
  if (head === "rounded") {
    const side = /^(tl|tr|br|bl|t|r|b|l)(?:-|$)/.exec(rest)?.[1];
    return side ? `rounded-${side}` : "rounded";
  }
  if (head === "shadow") return SHADOW_SIZES.has(rest) || rest.startsWith("[") ? "shadow" : "shadow-color";
  if (head === "ring" && !rest.startsWith("offset")) {
    return rest === "" || isNumber(rest) || isLength(rest) ? "ring-w" : "ring-color";
  }
  if (head === "outline" && !rest.startsWith("offset")) {
    if (isNumber(rest) || isLength(rest)) return "outline-w";
    return LINE_STYLES.has(rest) ? "outline-style" : "outline-color";
  }
  const prefix = PREFIXES.find((p) => base === p || base.startsWith(`${p}-`));
  if (prefix === "flex" || prefix === "ring-offset")
    return prefix === "flex" ? "flex" : ringOffsetGroup(base);
  return prefix;
}

function ringOffsetGroup(base: string): string {
  const value = base.slice("ring-offset-".length);
  return isNumber(value) || isLength(value) ? "ring-offset-w" : "ring-offset-color";
}

/** Splits `dark:hover:!-mx-2` into its variants (sorted, as their order does not matter) and its utility. */
function parse(cls: string): { key: string; group: string } | undefined {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < cls.length; i++) {
    const ch = cls.charAt(i);
    if (ch === "[" || ch === "(") depth++;
    else if (ch === "]" || ch === ")") depth--;
    else if (ch === ":" && depth === 0) {
      parts.push(cls.slice(start, i));
      start = i + 1;
    }
  }
  let base = cls.slice(start);
  const important = base.startsWith("!") || base.endsWith("!");
  base = base.replace(/^!|!$/g, "").replace(/^-/, "");
  const group = groupOf(base);
  if (!group) return undefined;
  // Variants keep their order around an arbitrary one (`[&_svg]:`), whose meaning depends on it.
  const variants = parts.some((p) => p.startsWith("[")) ? parts : [...parts].sort();
  return { key: `${variants.join(":")}${important ? "!" : ""}:`, group };
}

const parsed = new Map<string, ReturnType<typeof parse>>();

/** Keeps the last class of each group (per variants); a class drops the earlier ones it covers. */
export function mergeClasses(classes: string): string {
  const tokens = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (const token of tokens.reverse()) {
    if (!parsed.has(token)) parsed.set(token, parse(token));
    const info = parsed.get(token);
    if (!info) {
      kept.push(token);
      continue;
    }
    const id = info.key + info.group;
    if (taken.has(id)) continue;
    taken.add(id);
    for (const covered of COVERS[info.group]?.split(" ") ?? []) taken.add(info.key + covered);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}
