// The script customers paste into their site (built into one small file; see bundle.ts). It decides the
// visitor's source, keeps it for the visit, swaps the static number on the page for that source's
// tracking number, and records the visit with one small request. It never throws into the page.
import {
  decideVisitSource,
  phoneNumberPattern,
  rewriteDigits,
  type TDniSource,
  usPhoneDigits,
} from "@leadpost/shared/domain/dni";
import type { TDniConfig } from "./config";

const COOKIE = "lp_dni_source";
const SKIP = /^(SCRIPT|STYLE|NOSCRIPT|TEXTAREA|INPUT|SELECT|OPTION|CODE|PRE)$/;

export function start(config: TDniConfig) {
  const log = (...args: unknown[]) => {
    if (config.debug) console.log("[Leadpost call tracking]", ...args);
  };
  try {
    const source = visitSource(config, log);
    const number = config.numbers[source] ?? config.fallback;
    const pattern = phoneNumberPattern(config.staticNumber);
    const digits = number ? usPhoneDigits(number) : null;
    log("source", source, "number", number);
    if (!pattern || !digits || digits === usPhoneDigits(config.staticNumber)) return;
    const swapText = (text: string) => {
      pattern.lastIndex = 0;
      return pattern.test(text) ? text.replace(pattern, (m) => rewriteDigits(m, digits)) : null;
    };
    const swapIn = (root: Node) => {
      if (root.nodeType === 3) {
        const next = swapText(root.nodeValue ?? "");
        if (next !== null) root.nodeValue = next;
        return;
      }
      if (!(root instanceof Element) || SKIP.test(root.tagName)) return;
      const links = root.matches("a[href^='tel:']") ? [root] : [];
      for (const link of [...links, ...root.querySelectorAll("a[href^='tel:']")]) {
        const href = link.getAttribute("href") ?? "";
        const next = swapText(href.slice(4));
        if (next !== null) link.setAttribute("href", `tel:${next}`);
      }
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
        acceptNode: (n) =>
          n.parentElement && SKIP.test(n.parentElement.tagName)
            ? NodeFilter.FILTER_REJECT
            : NodeFilter.FILTER_ACCEPT,
      });
      const texts: Node[] = [];
      while (walker.nextNode()) texts.push(walker.currentNode);
      for (const t of texts) swapIn(t);
    };
    const go = () => {
      swapIn(document.body);
      // Content added later (widgets, single-page apps) is swapped as it arrives.
      new MutationObserver((mutations) => {
        for (const m of mutations) {
          if (m.type === "characterData") swapIn(m.target);
          for (const n of m.addedNodes) swapIn(n);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", go);
    else go();
  } catch (error) {
    log("stopped", error);
  }
}

/** The visit's source: decided on landing, kept in a first-party cookie for the visit's later pages. */
function visitSource(config: TDniConfig, log: (...args: unknown[]) => void): TDniSource {
  const saved = readCookie();
  const touch = decideVisitSource(location.search, document.referrer, location.hostname);
  // Pages reached from the site itself, or reloaded with no source of their own, continue the visit.
  if (!touch || (saved && touch.source === "direct" && !touch.utmSource)) return saved ?? "direct";
  // A plain session cookie: the Cookie Store API is missing from many of the visitors' browsers.
  // biome-ignore lint/suspicious/noDocumentCookie: see above.
  document.cookie = `${COOKIE}=${touch.source}; path=/; SameSite=Lax`;
  if (saved === touch.source && !touch.utmSource && !touch.clickId) return touch.source;
  const number = config.numbers[touch.source] ?? config.fallback;
  const body = JSON.stringify({
    key: config.key,
    ...touch,
    referrer: document.referrer || null,
    landingPage: location.href,
    number: number ? usPhoneDigits(number) : null,
  });
  try {
    // Fire and forget: a beacon (or keepalive fetch) never holds the page up, and a down server is ignored.
    const blob = new Blob([body], { type: "text/plain" });
    if (!navigator.sendBeacon?.(config.endpoint, blob)) {
      void fetch(config.endpoint, { method: "POST", body, keepalive: true, mode: "no-cors" }).catch(() => {});
    }
  } catch (error) {
    log("session not recorded", error);
  }
  return touch.source;
}

function readCookie(): TDniSource | null {
  const match = document.cookie.match(/(?:^|;\s*)lp_dni_source=(\w+)/);
  const value = match?.[1];
  return value === "direct" ||
    value === "google" ||
    value === "facebook" ||
    value === "bing" ||
    value === "other"
    ? value
    : null;
}
