// jsdom ships no types, and the server has no DOM library: the little of the DOM that the server's
// tests read (TwiML parsed as XML, the DNI script run in a page).
declare module "jsdom" {
  export type TElement = {
    readonly textContent: string | null;
    readonly value?: string;
    innerHTML: string;
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
    querySelector(selector: string): TElement | null;
    querySelectorAll(selector: string): ArrayLike<TElement> & Iterable<TElement>;
    getElementsByTagName(name: string): ArrayLike<TElement>;
  };
  export type TDocument = TElement & {
    body: TElement;
    cookie: string;
    referrer: string;
    getElementById(id: string): TElement | null;
  };
  export type TWindow = {
    document: TDocument;
    navigator: object;
    fetch: unknown;
    eval(code: string): unknown;
    DOMParser: new () => { parseFromString(text: string, type: string): TDocument };
  };
  export class JSDOM {
    constructor(html?: string, options?: { url?: string; runScripts?: "outside-only" | "dangerously" });
    readonly window: TWindow;
  }
}
