// A few lines of DOM building for the public form page, which ships without React to stay small.
// Text always goes in as text nodes, never as HTML, so nothing a form owner or visitor types can run.

type TChild = Node | string | null | undefined | false;
type TStyle = Record<string, string | number | null | undefined>;
type TAttrs = { [name: string]: string | number | boolean | null | undefined | TStyle; style?: TStyle };

/** Creates an element: attributes (false/null/undefined are left out), inline style and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: TAttrs | null = null,
  ...children: (TChild | TChild[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (name === "style") {
      for (const [prop, v] of Object.entries(value as TStyle)) {
        if (v != null) element.style.setProperty(prop, typeof v === "number" ? `${v}px` : v);
      }
    } else if (value === true) {
      element.setAttribute(name, "");
    } else if (value !== false && value != null && typeof value !== "object") {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

function append(parent: Node, children: (TChild | TChild[])[]) {
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** A stroked 24×24 icon from path data (the page's spinner and check mark). */
export function icon(className: string, paths: string[]): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, "svg");
  for (const [k, v] of Object.entries({
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    class: className,
    "aria-hidden": "true",
  })) {
    svg.setAttribute(k, v);
  }
  for (const d of paths) {
    const path = document.createElementNS(SVG_NS, "path");
    path.setAttribute("d", d);
    svg.appendChild(path);
  }
  return svg;
}

export const SPINNER_PATHS = ["M21 12a9 9 0 1 1-6.219-8.56"];
export const CHECK_CIRCLE_PATHS = ["M21.801 10A10 10 0 1 1 17 3.335", "m9 11 3 3L22 4"];
