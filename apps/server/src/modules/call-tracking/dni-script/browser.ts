// The script customers paste into their site (built into one small file; see bundle.ts). It decides the
// visitor's source, keeps it for the visit, swaps the static number on the page for the visit's tracking
// number, and records the visit with one small request. It never throws into the page, and it runs once
// per static number however often the snippet is included.
import {
  decideVisitSource,
  findPhoneNumbers,
  rewriteDigits,
  type TDniSource,
  usPhoneDigits,
} from "@leadpost/shared/domain/dni";
import type { TDniConfig } from "./config";

/** Page-wide marker of the static numbers already handled (the snippet may be pasted twice). */
const GUARD = "__leadpostDni";

declare global {
  interface Window {
    /** The static numbers already handled on this page (GUARD). */
    __leadpostDni?: Record<string, true>;
  }
}
const SKIP = /^(SCRIPT|STYLE|NOSCRIPT|TEXTAREA|INPUT|SELECT|OPTION|CODE|PRE|TEMPLATE)$/;
/** Elements that flow inside a line: a number split across them is still one written number. */
const INLINE =
  /^(A|ABBR|B|BDI|BDO|BIG|CITE|DATA|DFN|EM|FONT|I|KBD|LABEL|MARK|NOBR|Q|S|SAMP|SMALL|SPAN|STRONG|SUB|SUP|TIME|TT|U|VAR)$/;
const ATTRIBUTES = ["aria-label", "title"];
/** How long a visit from a pooled source waits for its own number before showing the pool's first. */
const WAIT_MS = 3000;

export function start(config: TDniConfig) {
  const log = (...args: unknown[]) => {
    if (config.debug) console.log("[Leadpost call tracking]", ...args);
  };
  try {
    const staticDigits = usPhoneDigits(config.staticNumber);
    if (!staticDigits || !firstRun(staticDigits)) return;
    let done = false;
    const show = (number: string | null) => {
      if (done) return;
      done = true;
      const digits = number ? usPhoneDigits(number) : null;
      log("number", number);
      if (digits && digits !== staticDigits) swapPage(config.staticNumber, digits);
    };
    const visit = startVisit(config, staticDigits, log, show);
    log("source", visit.source);
    if (visit.number) show(visit.number);
    else setTimeout(() => show(config.numbers[visit.source] ?? config.fallback), WAIT_MS);
  } catch (error) {
    log("stopped", error);
  }
}

/** False when this static number was already handled on this page (the snippet included again). */
function firstRun(staticDigits: string): boolean {
  const seen = window[GUARD] ?? {};
  if (!window[GUARD]) Object.defineProperty(window, GUARD, { value: seen, enumerable: false });
  if (seen[staticDigits]) return false;
  seen[staticDigits] = true;
  return true;
}

/** The visit as its cookie keeps it; `number` is null until the server has named a pooled visit's. */
type TVisitCookie = { source: TDniSource; visitKey: string; number: string | null };
type TLog = (...args: unknown[]) => void;

/**
 * The visit's source and number. A visit's later pages (reached from the site itself, or with no source
 * of their own) keep the number the visit was given and say it is still there; a new visit is recorded,
 * and when its source has a pool the number arrives from the server (`show` is called with it).
 */
function startVisit(
  config: TDniConfig,
  staticDigits: string,
  log: TLog,
  show: (number: string | null) => void,
): { source: TDniSource; number: string | null } {
  const cookie = `lp_visit_${staticDigits}`;
  const saved = readVisit(cookie);
  const touch = decideVisitSource(location.search, document.referrer, location.hostname);
  const continues =
    saved &&
    (!touch ||
      (touch.source === "direct" && !touch.utmSource) ||
      (touch.source === saved.source && !touch.utmSource && !touch.clickId));
  const here = {
    key: config.key,
    referrer: document.referrer || null,
    landingPage: location.href,
    staticNumber: config.staticNumber,
  };
  if (saved && continues) {
    if (saved.number) {
      send(config.seenEndpoint, { key: config.key, visitKey: saved.visitKey }, log);
      return saved;
    }
    // The first page was left before the server named the visit's number: ask again, as the same visit.
    return record(config, { ...here, ...saved }, cookie, log, show);
  }
  // The touch's campaign fields and click id as decided (a visit without a touch sends none: the beacon
  // reads a missing one as null).
  const body = { ...touch, ...here, source: touch?.source ?? "direct", visitKey: newVisitKey() };
  return record(config, body, cookie, log, show);
}

/**
 * Records the visit and keeps it in the cookie before the answer, so a page opened first (a quick click)
 * continues this visit; the request outlives the page it was sent from (keepalive).
 */
function record(
  config: TDniConfig,
  body: { source: TDniSource; visitKey: string },
  cookie: string,
  log: TLog,
  show: (number: string | null) => void,
): { source: TDniSource; number: string | null } {
  const { source, visitKey } = body;
  const pooled = config.pooled.indexOf(source) >= 0;
  const first = config.numbers[source] ?? config.fallback;
  const remember = (number: string | null) => {
    // A plain session cookie: the Cookie Store API is missing from many of the visitors' browsers.
    // biome-ignore lint/suspicious/noDocumentCookie: see above.
    document.cookie = `${cookie}=${source}.${visitKey}.${(number ?? "").replace(/\D/g, "")}; path=/; SameSite=Lax`;
  };
  remember(pooled ? null : first);
  // A simple request (text/plain): no preflight, and the answer is readable.
  fetch(config.endpoint, { method: "POST", body: JSON.stringify(body), keepalive: true })
    .then((res) => (res.ok ? res.json() : null))
    .then((started: { number?: string | null } | null) => {
      const number = started?.number ?? first;
      if (started && number) remember(number);
      if (pooled) show(number);
    })
    .catch((error) => {
      log("visit not recorded", error);
      if (pooled) show(first);
    });
  return { source, number: pooled ? null : first };
}

/** 128 random bits in hex: the visit's own id (PostgreSQL reads it as a uuid). */
function newVisitKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (x) => (x + 256).toString(16).slice(1)).join(
    "",
  );
}

/** Fire and forget: a beacon (or keepalive fetch) never holds the page up; a down server is ignored. */
function send(url: string, value: unknown, log: TLog) {
  try {
    const body = JSON.stringify(value);
    if (!navigator.sendBeacon?.(url, new Blob([body], { type: "text/plain" }))) {
      void fetch(url, { method: "POST", body, keepalive: true, mode: "no-cors" }).catch(() => {});
    }
  } catch (error) {
    log("not sent", error);
  }
}

function readVisit(name: string): TVisitCookie | null {
  const match = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=(\\w+)\\.([0-9a-f]{32})\\.(\\d*)`));
  const [, source, visitKey, digits] = match ?? [];
  if (!source || !visitKey) return null;
  if (!/^(direct|google|facebook|bing|other)$/.test(source)) return null;
  return { source: source as TDniSource, visitKey, number: digits ? `+${digits}` : null };
}

/** Swaps the static number everywhere it is written, now and in content added later. */
function swapPage(staticNumber: string, digits: string) {
  const go = () => {
    swapIn(document.body, staticNumber, digits);
    // Content added later (widgets, single-page apps) is swapped as it arrives.
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === "attributes") swapAttributes(m.target as Element, staticNumber, digits);
        else if (m.type === "characterData") swapIn(m.target, staticNumber, digits);
        else for (const n of m.addedNodes) swapIn(n, staticNumber, digits);
      }
    }).observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["href", ...ATTRIBUTES],
    });
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", go);
  else go();
}

/** `text` with the number swapped, or null when it does not contain it. */
function swapText(text: string, staticNumber: string, digits: string): string | null {
  const found = findPhoneNumbers(text, staticNumber);
  if (!found.length) return null;
  let out = text;
  for (const [start, end] of found)
    out = out.slice(0, start) + rewriteDigits(out.slice(start, end), digits) + out.slice(end);
  return out;
}

/** The element a node's line of text belongs to: its nearest ancestor that is not inline. */
function lineOf(node: Node): Node {
  let el: Element | null = node.nodeType === 1 ? (node as Element) : node.parentElement;
  while (el && INLINE.test(el.tagName) && el.parentElement) el = el.parentElement;
  return el ?? node;
}

function swapAttributes(el: Element, staticNumber: string, digits: string) {
  const href = el.getAttribute("href");
  // tel: links in any case (TEL:, Tel:), with the number written any way.
  if (href && /^\s*tel:/i.test(href)) {
    const next = swapText(href, staticNumber, digits);
    if (next !== null) el.setAttribute("href", next);
  }
  for (const name of ATTRIBUTES) {
    const value = el.getAttribute(name);
    const next = value ? swapText(value, staticNumber, digits) : null;
    if (next !== null) el.setAttribute(name, next);
  }
}

/**
 * Swaps the number in `root`'s line: its text, read across inline elements (a number written as
 * `<span>(555)</span> 123-4567` is one number), and its links' and labels' attributes. Digits are
 * replaced one for one, so every piece of text keeps its length and its element.
 */
function swapIn(root: Node, staticNumber: string, digits: string) {
  const line = lineOf(root);
  if (line.nodeType !== 1 || SKIP.test((line as Element).tagName)) return;
  const el = line as Element;
  swapAttributes(el, staticNumber, digits);
  for (const child of el.querySelectorAll("[href],[aria-label],[title]"))
    swapAttributes(child, staticNumber, digits);
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => {
      for (let p = n.parentElement; p && p !== el; p = p.parentElement)
        if (SKIP.test(p.tagName)) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  // Runs of text in one line, in document order.
  const runs: Text[][] = [];
  let current: Text[] = [];
  let currentLine: Node | null = null;
  while (walker.nextNode()) {
    const text = walker.currentNode as Text;
    const home = lineOf(text);
    if (home !== currentLine && current.length) {
      runs.push(current);
      current = [];
    }
    currentLine = home;
    current.push(text);
  }
  if (current.length) runs.push(current);
  for (const run of runs) swapRun(run, staticNumber, digits);
}

function swapRun(run: Text[], staticNumber: string, digits: string) {
  const whole = run.map((t) => t.data).join("");
  const next = swapText(whole, staticNumber, digits);
  if (next === null) return;
  let at = 0;
  for (const t of run) {
    const piece = next.slice(at, at + t.data.length);
    at += t.data.length;
    if (piece !== t.data) t.data = piece;
  }
}
