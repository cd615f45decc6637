// The few lucide icons the sign-in page draws, as plain SVG (lucide-react's modules would bring React).
// Same drawings, attributes and classes as lucide-react renders them.

type TIconNode = [tag: string, attrs: Record<string, string>][];

const SVG_NS = "http://www.w3.org/2000/svg";

const NODES = {
  sun: [
    ["circle", { cx: "12", cy: "12", r: "4" }],
    ["path", { d: "M12 2v2" }],
    ["path", { d: "M12 20v2" }],
    ["path", { d: "m4.93 4.93 1.41 1.41" }],
    ["path", { d: "m17.66 17.66 1.41 1.41" }],
    ["path", { d: "M2 12h2" }],
    ["path", { d: "M20 12h2" }],
    ["path", { d: "m6.34 17.66-1.41 1.41" }],
    ["path", { d: "m19.07 4.93-1.41 1.41" }],
  ],
  moon: [
    [
      "path",
      {
        d: "M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401",
      },
    ],
  ],
  eye: [
    [
      "path",
      {
        d: "M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0",
      },
    ],
    ["circle", { cx: "12", cy: "12", r: "3" }],
  ],
  "eye-off": [
    [
      "path",
      { d: "M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" },
    ],
    ["path", { d: "M14.084 14.158a3 3 0 0 1-4.242-4.242" }],
    [
      "path",
      { d: "M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" },
    ],
    ["path", { d: "m2 2 20 20" }],
  ],
  "circle-exclamation-point": [
    ["circle", { cx: "12", cy: "12", r: "10" }],
    ["line", { x1: "12", x2: "12", y1: "8", y2: "12" }],
    ["line", { x1: "12", x2: "12.01", y1: "16", y2: "16" }],
  ],
  "loader-circle": [["path", { d: "M21 12a9 9 0 1 1-6.219-8.56" }]],
  "mail-exclamation-point": [
    ["path", { d: "M22 10.5V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v12c0 1.1.9 2 2 2h12.5" }],
    ["path", { d: "m22 7-8.97 5.7a1.94 1.94 0 0 1-2.06 0L2 7" }],
    ["path", { d: "M20 14v4" }],
    ["path", { d: "M20 22v.01" }],
  ],
} satisfies Record<string, TIconNode>;

export type TIconName = keyof typeof NODES;

function svgElement(tag: string, attrs: Record<string, string>): SVGElement {
  const element = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  return element;
}

/** A lucide icon: `lucide lucide-<name>` plus the given classes, hidden from assistive technology. */
export function lucideIcon(name: TIconName, className = ""): SVGSVGElement {
  const svg = svgElement("svg", {
    xmlns: SVG_NS,
    width: "24",
    height: "24",
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    "stroke-width": "2",
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    class: `lucide lucide-${name}${className ? ` ${className}` : ""}`,
    "aria-hidden": "true",
  }) as SVGSVGElement;
  for (const [tag, attrs] of NODES[name] as TIconNode) svg.appendChild(svgElement(tag, attrs));
  return svg;
}

/** The Leadpost mark (features/shell/components/brand-mark.tsx). */
export function brandMark(): SVGSVGElement {
  const svg = svgElement("svg", {
    viewBox: "0 0 32 32",
    class: "shrink-0 size-7",
    "aria-hidden": "true",
    focusable: "false",
  }) as SVGSVGElement;
  svg.append(
    svgElement("rect", { width: "32", height: "32", rx: "8", class: "fill-primary" }),
    svgElement("path", {
      d: "M10 8v16h12",
      fill: "none",
      stroke: "currentColor",
      "stroke-width": "3.5",
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
      class: "text-primary-foreground",
    }),
    svgElement("circle", { cx: "22", cy: "10", r: "3", class: "fill-primary-foreground" }),
  );
  return svg;
}

/** Google's "G" mark (features/auth/components/google-icon.tsx). */
export function googleIcon(className: string): SVGSVGElement {
  const svg = svgElement("svg", {
    viewBox: "0 0 24 24",
    class: className,
    "aria-hidden": "true",
    focusable: "false",
  }) as SVGSVGElement;
  const paths: [string, string][] = [
    [
      "#4285F4",
      "M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z",
    ],
    [
      "#34A853",
      "M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z",
    ],
    [
      "#FBBC05",
      "M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.94l3.66-2.84z",
    ],
    [
      "#EA4335",
      "M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z",
    ],
  ];
  for (const [fill, d] of paths) svg.appendChild(svgElement("path", { fill, d }));
  return svg;
}
