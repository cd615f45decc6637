// The sign-in page (/login, /auth/login) in plain DOM: the same page the app drew with React (spec 000
// §2.3: tabs Company Owner and Lead Buyer, ?tab=buyer opens the second), without React DOM, the router,
// TanStack Query or zod in its first load. The theme menu and toasts are the app's own React components,
// loaded on first use (./islands).
import { LOGIN_MESSAGES } from "@/features/auth/login-errors";
import type { TLoginInput } from "@/features/auth/login-schema";
import { validateLogin } from "@/features/auth/login-schema";
import type { TLoginAudience } from "@/features/auth/sign-in-destination";
import { THEME_LABELS } from "@/features/theme/components/theme-labels";
import { apiPath } from "@/lib/api/typed-client";
import { PRODUCT_NAME, SUPPORT_PHONE, telHref } from "@/lib/env";
import { type TToastKind, takeFlashToasts } from "@/lib/flash-toast";
import { readTheme, resolveTheme, systemPrefersDark } from "@/lib/theme/theme-storage";
import { h } from "@/public-form/dom";
import { CLASSES } from "./classes";
import { brandMark, googleIcon, lucideIcon } from "./icons";
import {
  fetchSignedInUser,
  googleSignInOffered,
  homeOf,
  signIn,
  startGoogleSignIn,
  type TSignInOutcome,
} from "./sign-in";

export type TSignInPageDeps = {
  /** Leaves the page for another address (a full page load). */
  go: (url: string) => void;
  signIn: (input: { email: string; password: string }, audience: TLoginAudience) => Promise<TSignInOutcome>;
  /** Loads the app's toaster (React, on first use) and shows a toast. */
  toast: (kind: TToastKind, message: string, options?: { description?: string; duration?: number }) => void;
  /** Replaces the stand-in theme button with the app's theme menu, open. */
  openThemeMenu: (slot: HTMLElement) => void;
};

const defaultDeps: TSignInPageDeps = {
  go: (url) => window.location.replace(url),
  signIn,
  toast: (kind, message, options) =>
    void import("./islands").then((m) => m.showToast(kind, message, options)),
  openThemeMenu: (slot) => void import("./islands").then((m) => m.mountThemeMenu(slot)),
};

const FORGOT_PASSWORD: Record<TLoginAudience, string> = {
  company: "/auth/forgot-password",
  buyer: "/buyer/forgot-password",
};

type TState = {
  tab: TLoginAudience;
  /** Which tab is signing in, while it does (also while leaving the page after success). */
  busy: TLoginAudience | null;
  error: { audience: TLoginAudience; message: string } | null;
  google: boolean;
  googleStarting: boolean;
};

type TFieldName = keyof TLoginInput;

/** Draws the page into `root` and wires it up. */
export function startSignInPage(root: HTMLElement, overrides: Partial<TSignInPageDeps> = {}) {
  const deps = { ...defaultDeps, ...overrides };
  const state: TState = {
    tab: new URLSearchParams(window.location.search).get("tab") === "buyer" ? "buyer" : "company",
    busy: null,
    error: null,
    google: false,
    googleStarting: false,
  };

  const banner = h("div");
  banner.hidden = true;
  const themeSlot = h("div", { style: { display: "contents" } }, themeButton(deps));
  const tabs = (["company", "buyer"] as const).map((audience) =>
    h(
      "button",
      {
        type: "button",
        role: "tab",
        id: `login-tab-${audience}`,
        "aria-controls": `login-panel-${audience}`,
        "data-slot": "tabs-trigger",
        "data-orientation": "horizontal",
        class: CLASSES.tab,
      },
      audience === "buyer" ? "Lead Buyer" : "Company Owner",
    ),
  );
  const panels = (["company", "buyer"] as const).map((audience) =>
    h("div", {
      role: "tabpanel",
      id: `login-panel-${audience}`,
      "aria-labelledby": `login-tab-${audience}`,
      tabindex: 0,
      "data-orientation": "horizontal",
      "data-slot": "tabs-content",
      class: audience === "buyer" ? `${CLASSES.tabPanel} grid gap-4` : CLASSES.tabPanel,
    }),
  );
  const tabList = h(
    "div",
    {
      role: "tablist",
      "aria-orientation": "horizontal",
      "data-slot": "tabs-list",
      "data-orientation": "horizontal",
      class: CLASSES.tabList,
    },
    tabs,
  );

  root.replaceChildren(
    banner,
    h(
      "div",
      { class: CLASSES.frame },
      h("a", { href: "#main-content", class: CLASSES.skipLink }, "Skip to content"),
      h(
        "header",
        { class: CLASSES.header },
        h(
          "div",
          { class: "flex items-center gap-2" },
          brandMark(),
          h("span", { class: "font-semibold text-lg tracking-tight" }, PRODUCT_NAME),
        ),
        themeSlot,
      ),
      h(
        "main",
        { id: "main-content", tabindex: -1, class: CLASSES.main },
        h(
          "div",
          { "data-slot": "card", class: CLASSES.card },
          h(
            "div",
            { "data-slot": "card-header", class: CLASSES.cardHeader },
            h("div", { "data-slot": "card-title", class: CLASSES.cardTitle }, h("h1", null, "Welcome back")),
            h(
              "div",
              { "data-slot": "card-description", class: CLASSES.cardDescription },
              "Sign in to your Leadpost account",
            ),
          ),
          h(
            "div",
            { "data-slot": "card-content", class: CLASSES.cardContent },
            h(
              "div",
              { dir: "ltr", "data-orientation": "horizontal", "data-slot": "tabs", class: CLASSES.tabs },
              tabList,
              panels,
            ),
          ),
          h(
            "div",
            { "data-slot": "card-footer", class: CLASSES.cardFooter },
            h(
              "p",
              null,
              "New to Leadpost? ",
              h("a", { class: CLASSES.link, href: "/auth/register" }, "Create a Company Account"),
            ),
          ),
        ),
      ),
      appFooter(),
    ),
  );

  // One form per tab; like the app's tabs, the hidden tab's form is not kept (its fields start empty).
  let form: ReturnType<typeof loginForm> | null = null;
  const render = () => {
    (["company", "buyer"] as const).forEach((audience, i) => {
      const active = state.tab === audience;
      const tab = tabs[i]!;
      tab.setAttribute("aria-selected", String(active));
      tab.dataset.state = active ? "active" : "inactive";
      tab.tabIndex = active ? 0 : -1;
      const panel = panels[i]!;
      panel.dataset.state = active ? "active" : "inactive";
      panel.hidden = !active;
    });
    form?.update();
  };
  const showTab = (audience: TLoginAudience) => {
    if (audience === state.tab && form) return;
    state.tab = audience;
    const url = new URL(window.location.href);
    if (audience === "buyer") url.search = "?tab=buyer";
    else url.search = "";
    window.history.replaceState(window.history.state, "", url);
    for (const panel of panels) panel.replaceChildren();
    form = loginForm(audience, state, submit, startGoogle);
    const panel = panels[audience === "buyer" ? 1 : 0]!;
    if (audience === "buyer") {
      panel.append(
        h(
          "p",
          { class: CLASSES.buyerNote },
          "Lead buyer accounts are created by invitation. If you don't have an account yet, ask the company that invited you to send you an invitation.",
        ),
      );
    }
    panel.append(form.element);
    render();
  };

  const submit = async (values: { email: string; password: string }, audience: TLoginAudience) => {
    state.error = null;
    state.busy = audience;
    render();
    const outcome = await deps
      .signIn(values, audience)
      .catch((): TSignInOutcome => ({ type: "failed", message: LOGIN_MESSAGES.internal }));
    if (outcome.type === "leave") {
      // Busy until the next page replaces this one.
      deps.go(outcome.to);
      return;
    }
    state.error = { audience, message: outcome.message };
    state.busy = null;
    render();
  };

  const startGoogle = async () => {
    state.googleStarting = true;
    render();
    try {
      deps.go(await startGoogleSignIn());
    } catch (error) {
      state.googleStarting = false;
      render();
      deps.toast("error", "Google sign-in is not available right now.", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  // Tabs as the app's (radix) tabs: arrows, Home and End move between them and select the one reached.
  tabList.addEventListener("keydown", (event) => {
    const order: TLoginAudience[] = ["company", "buyer"];
    const at = order.indexOf(state.tab);
    // Two tabs: either arrow reaches the other one (the app's tabs loop).
    const keys: Record<string, TLoginAudience | undefined> = {
      ArrowRight: order[(at + 1) % 2],
      ArrowLeft: order[(at + 1) % 2],
      Home: order[0],
      End: order[1],
    };
    const next = keys[event.key];
    if (!next) return;
    event.preventDefault();
    showTab(next);
    tabs[order.indexOf(next)]!.focus();
  });
  tabs.forEach((tab, i) => {
    const audience = i === 1 ? "buyer" : "company";
    tab.addEventListener("mousedown", (event) => {
      if (event.button === 0 && !event.ctrlKey) showTab(audience);
    });
    tab.addEventListener("click", () => showTab(audience));
    tab.addEventListener("focus", () => showTab(audience));
  });

  showTab(state.tab);

  // Already signed in: straight to where the user belongs (not while this page is signing in itself).
  void fetchSignedInUser()
    .then((user) => {
      if (user && !state.busy) deps.go(homeOf(user));
    })
    .catch(() => undefined);
  void googleSignInOffered().then((offered) => {
    state.google = offered;
    render();
  });
  void showDevMailboxBanner(banner);
  // Toasts the app showed on its way here (a sign-out, an ended session, a used link).
  for (const { kind, message, ...options } of takeFlashToasts()) deps.toast(kind, message, options);
}

function themeButton(deps: TSignInPageDeps) {
  const theme = readTheme();
  const dark = resolveTheme(theme, systemPrefersDark()) === "dark";
  const button = h(
    "button",
    {
      "data-slot": "button",
      type: "button",
      class: CLASSES.themeButton,
      "aria-label": `Theme: ${THEME_LABELS[theme]}. Change theme`,
      "aria-haspopup": "menu",
      "aria-expanded": "false",
    },
    lucideIcon(dark ? "moon" : "sun"),
  );
  // The menu (the app's radix dropdown) loads when first wanted, as it does in the app.
  const preload = () => void import("./islands");
  button.addEventListener("pointerenter", preload);
  button.addEventListener("focus", preload);
  button.addEventListener("click", () => {
    const slot = button.parentElement;
    if (slot) deps.openThemeMenu(slot);
  });
  return button;
}

function appFooter() {
  return h(
    "footer",
    { class: CLASSES.footer },
    h(
      "div",
      { class: CLASSES.footerRow },
      h(
        "p",
        null,
        h("span", { class: "font-medium text-foreground" }, PRODUCT_NAME),
        h("span", { "aria-hidden": "true" }, " · "),
        "Support:",
        " ",
        h("a", { href: telHref(SUPPORT_PHONE), class: CLASSES.footerLink }, SUPPORT_PHONE),
      ),
      // The text nodes split as React splits them, so the browser draws the line the same.
      h("p", null, "© ", String(new Date().getFullYear()), " ", PRODUCT_NAME, ". All rights reserved."),
    ),
  );
}

/** The development instance's note (features/shell/components/dev-mailbox-banner.tsx). */
async function showDevMailboxBanner(banner: HTMLElement) {
  try {
    const response = await fetch(apiPath("/api/health"), { headers: { Accept: "application/json" } });
    const health: unknown = await response.json();
    if (typeof health !== "object" || health === null) return;
    if ((health as { devMailbox?: unknown }).devMailbox !== true) return;
  } catch {
    return;
  }
  banner.replaceWith(
    h(
      "aside",
      { "aria-label": "Development instance", class: CLASSES.devBanner },
      lucideIcon("mail-exclamation-point", "size-3.5 shrink-0"),
      h(
        "span",
        null,
        "Development instance: e-mails are kept in the",
        " ",
        h(
          "a",
          { class: "font-medium underline underline-offset-2", href: "/dev/mailbox" },
          "development mailbox",
        ),
        " ",
        "(this machine and platform admins only).",
      ),
    ),
  );
}

/**
 * One tab's form. As in the app: checked on submit, the first wrong field focused, and after a submit
 * re-checked as the user types.
 */
function loginForm(
  audience: TLoginAudience,
  state: TState,
  onSubmit: (values: { email: string; password: string }, audience: TLoginAudience) => void,
  onGoogle: () => void,
) {
  const id = `login-${audience}`;
  const errorId = `${id}-error`;
  let submitted = false;
  let errors: Partial<Record<TFieldName, string>> = {};

  const email = h("input", {
    "data-slot": "input",
    class: CLASSES.input,
    id: `${id}-email`,
    type: "email",
    autocomplete: "email",
    inputmode: "email",
    placeholder: "you@company.com",
    name: "email",
  });
  const password = h("input", {
    "data-slot": "input",
    class: `${CLASSES.input} pr-10`,
    id: `${id}-password`,
    type: "password",
    autocomplete: "current-password",
    name: "password",
  });
  const inputs: Record<TFieldName, HTMLInputElement> = { email, password };
  const messages: Record<TFieldName, HTMLParagraphElement> = {
    email: h("p", { id: `${email.id}-message`, class: CLASSES.fieldMessage }),
    password: h("p", { id: `${password.id}-message`, class: CLASSES.fieldMessage }),
  };

  const toggle = h("button", { type: "button", class: CLASSES.passwordToggle });
  const drawToggle = () => {
    const visible = password.type === "text";
    toggle.setAttribute("aria-label", visible ? "Hide password" : "Show password");
    toggle.setAttribute("aria-pressed", String(visible));
    toggle.replaceChildren(lucideIcon(visible ? "eye-off" : "eye", "size-4"));
  };
  toggle.addEventListener("click", () => {
    password.type = password.type === "password" ? "text" : "password";
    drawToggle();
  });
  drawToggle();

  const alertText = h("p");
  const alert = h(
    "div",
    { id: errorId, role: "alert", class: CLASSES.alert },
    lucideIcon("circle-exclamation-point", "mt-0.5 size-4 shrink-0"),
    alertText,
  );
  const submitButton = h("button", { "data-slot": "button", type: "submit", class: CLASSES.submit });
  const googleButton = h("button", { "data-slot": "button", type: "button", class: CLASSES.outlineButton });
  googleButton.addEventListener("click", onGoogle);
  const separator = h(
    "div",
    { class: CLASSES.separator, "aria-hidden": "true" },
    h("span", { class: "h-px flex-1 bg-border" }),
    "or",
    h("span", { class: "h-px flex-1 bg-border" }),
  );

  const form = h(
    "form",
    {
      class: "grid gap-4",
      novalidate: true,
      "aria-label": audience === "buyer" ? "Lead buyer sign in" : "Company sign in",
    },
    h(
      "div",
      { class: "grid gap-2" },
      h("label", { "data-slot": "label", class: CLASSES.label, for: email.id }, "Email"),
      email,
      messages.email,
    ),
    h(
      "div",
      { class: "grid gap-2" },
      h(
        "div",
        { class: "flex items-center justify-between gap-2" },
        h("label", { "data-slot": "label", class: CLASSES.label, for: password.id }, "Password"),
        h("a", { class: CLASSES.forgotLink, href: FORGOT_PASSWORD[audience] }, "Forgot your password?"),
      ),
      h("div", { class: "relative" }, password, toggle),
      messages.password,
    ),
    alert,
    submitButton,
  );
  const element = h("div", { class: "grid gap-4" }, form, separator, googleButton);

  const values = (): TLoginInput => ({ email: email.value, password: password.value });
  const drawErrors = () => {
    for (const name of ["email", "password"] as const) {
      const message = errors[name];
      const input = inputs[name];
      if (message) {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", messages[name].id);
        messages[name].textContent = message;
        // After its input, where the app puts it (the password's after the field with its toggle).
        if (!messages[name].isConnected) input.closest(".grid.gap-2")?.append(messages[name]);
      } else {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
        messages[name].remove();
      }
    }
  };
  for (const input of [email, password]) {
    input.addEventListener("input", () => {
      if (!submitted) return;
      errors = validateLogin(values()).errors ?? {};
      drawErrors();
    });
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (state.busy) return;
    submitted = true;
    const result = validateLogin(values());
    errors = result.errors ?? {};
    drawErrors();
    if (result.values) return onSubmit(result.values, audience);
    inputs[result.errors.email ? "email" : "password"].focus();
  });

  const update = () => {
    const busy = state.busy !== null;
    const error = state.error?.audience === audience ? state.error.message : null;
    email.disabled = busy;
    password.disabled = busy;
    if (error) {
      alertText.textContent = error;
      form.setAttribute("aria-describedby", errorId);
      if (!alert.isConnected) form.insertBefore(alert, submitButton);
    } else {
      form.removeAttribute("aria-describedby");
      alert.remove();
    }
    submitButton.disabled = busy;
    submitButton.replaceChildren(
      ...(busy ? [lucideIcon("loader-circle", "animate-spin"), "Signing in..."] : ["Sign in"]),
    );
    // Only when the server has Google sign-in configured; the separator goes with the button.
    if (!state.google) {
      separator.remove();
      googleButton.remove();
    } else if (!googleButton.isConnected) {
      element.append(separator, googleButton);
    }
    googleButton.disabled = busy || state.googleStarting;
    googleButton.replaceChildren(
      state.googleStarting ? lucideIcon("loader-circle", "animate-spin") : googleIcon("size-4"),
      "Sign in with Google",
    );
  };
  drawErrors();
  update();
  return { element, update };
}
