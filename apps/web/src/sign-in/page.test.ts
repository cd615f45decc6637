import type { TWhoami } from "@leadpost/shared";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOGIN_MESSAGES } from "@/features/auth/login-errors";
import { FLASH_TOAST_KEY } from "@/lib/flash-toast";
import { readWorkspace } from "@/lib/workspace/workspace-storage";
import { startSignInPage, type TSignInPageDeps } from "./page";

const owner: TWhoami = {
  userId: "u1",
  email: "owner@example.com",
  name: "Owner",
  emailVerified: true,
  roles: [{ companyId: "c1", role: "owner" }],
  organizationId: "c1",
  activeOrgId: "c1",
  companyName: "Acme",
  companyLogoUrl: null,
  companySuspended: false,
  isBuyer: false,
  activeBuyerId: null,
  buyerStatus: null,
  buyerWorkspaces: [],
  isPlatformAdmin: false,
};
const buyer: TWhoami = {
  ...owner,
  roles: [],
  organizationId: null,
  isBuyer: true,
  activeBuyerId: "b1",
  buyerStatus: "active",
  buyerWorkspaces: [{ buyerId: "b1", companyId: "c1", companyName: "Acme" }],
};

type TServer = {
  /** Who /api/whoami answers with (null: 401). */
  user: TWhoami | null;
  signIn: { status: number; body: unknown };
  invitations: unknown[];
  google: boolean;
  calls: { method: string; path: string; body: unknown }[];
};
let server: TServer;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  server = {
    user: null,
    signIn: { status: 200, body: { token: "t" } },
    invitations: [],
    google: false,
    calls: [],
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      const method = init?.method ?? "GET";
      server.calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === "/api/whoami") return server.user ? json(200, server.user) : json(401, {});
      if (path === "/api/sign-in-options") return json(200, { google: server.google });
      if (path === "/api/health") return json(200, { status: "ok", devMailbox: false });
      if (path === "/api/auth/sign-in/email") {
        if (server.signIn.status === 200) server.user = server.user ?? owner;
        return json(server.signIn.status, server.signIn.body);
      }
      if (path === "/api/session/link-buyer") return json(200, { invitations: server.invitations });
      if (path === "/api/auth/sign-out") return json(200, { success: true });
      return json(404, {});
    }),
  );
  window.history.replaceState(null, "", "/login");
});
// The page loads its React islands on first use or when idle: let that load finish while the test
// environment is still up (an import still in flight at teardown fails the run).
afterAll(async () => {
  await import("./islands");
});

afterEach(() => {
  window.sessionStorage.clear();
});

/** Draws the page as main.ts does, with the page changes and toasts recorded instead of made. */
function start(url = "/login") {
  window.history.replaceState(null, "", url);
  const root = document.createElement("div");
  document.body.replaceChildren(root);
  const go = vi.fn();
  const toast = vi.fn();
  const openThemeMenu = vi.fn();
  const deps: Partial<TSignInPageDeps> = { go, toast, openThemeMenu };
  startSignInPage(root, deps);
  return { root, go, toast, openThemeMenu, user: userEvent.setup() };
}
const companyForm = () => screen.getByRole("form", { name: "Company sign in" });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the sign-in page", () => {
  it("draws the page the app drew: titles, tabs, fields, links and footer", async () => {
    start();
    expect(screen.getByRole("heading", { level: 1, name: "Welcome back" })).toBeInTheDocument();
    expect(screen.getByText("Sign in to your Leadpost account")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Company Owner" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Lead Buyer" })).toHaveAttribute("aria-selected", "false");
    const form = companyForm();
    expect(within(form).getByLabelText("Email")).toHaveAttribute("placeholder", "you@company.com");
    expect(within(form).getByLabelText("Password", { exact: true })).toHaveAttribute("type", "password");
    expect(within(form).getByRole("link", { name: "Forgot your password?" })).toHaveAttribute(
      "href",
      "/auth/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Create a Company Account" })).toHaveAttribute(
      "href",
      "/auth/register",
    );
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main-content");
    expect(screen.getByRole("button", { name: "Theme: System. Change theme" })).toBeInTheDocument();
    expect(screen.getByText(/All rights reserved\./)).toBeInTheDocument();
  });

  it("shows the spec's messages for an empty form, focuses the first wrong field and signs nobody in", async () => {
    const { user, go } = start();
    const form = companyForm();
    await user.click(within(form).getByRole("button", { name: "Sign in" }));
    expect(within(form).getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(within(form).getByText("Password must be at least 8 characters")).toBeInTheDocument();
    const email = within(form).getByLabelText("Email");
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    expect(email).toHaveFocus();
    expect(server.calls.some((c) => c.path === "/api/auth/sign-in/email")).toBe(false);
    expect(go).not.toHaveBeenCalled();
  });

  it("after a failed submit re-checks each field as it is typed", async () => {
    const { user } = start();
    const form = companyForm();
    await user.type(within(form).getByLabelText("Email"), "not-an-email");
    await user.type(within(form).getByLabelText("Password", { exact: true }), "1234567");
    await user.click(within(form).getByRole("button", { name: "Sign in" }));
    expect(within(form).getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(within(form).getByText("Password must be at least 8 characters")).toBeInTheDocument();
    await user.type(within(form).getByLabelText("Password", { exact: true }), "8");
    expect(within(form).queryByText("Password must be at least 8 characters")).not.toBeInTheDocument();
    expect(within(form).getByLabelText("Password", { exact: true })).not.toHaveAttribute("aria-invalid");
    await user.clear(within(form).getByLabelText("Email"));
    await user.type(within(form).getByLabelText("Email"), "owner@example.com");
    expect(within(form).queryByText("Please enter a valid email address")).not.toBeInTheDocument();
  });

  it("signs in through better-auth with the e-mail trimmed and loads the dashboard", async () => {
    const { user, go } = start();
    await settle();
    const form = companyForm();
    await user.type(within(form).getByLabelText("Email"), "  owner@example.com ");
    await user.type(within(form).getByLabelText("Password", { exact: true }), "correct-horse");
    await user.click(within(form).getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith("/dashboard"));
    expect(server.calls.find((c) => c.path === "/api/auth/sign-in/email")).toMatchObject({
      method: "POST",
      body: { email: "owner@example.com", password: "correct-horse" },
    });
    // Busy until the next page replaces this one.
    expect(within(form).getByRole("button", { name: "Signing in..." })).toBeDisabled();
    expect(within(form).getByLabelText("Email")).toBeDisabled();
    expect(readWorkspace().mode).toBe("owner");
  });

  it("sends a buyer from the Lead Buyer tab (?tab=buyer) to the buyer dashboard in the buyer workspace", async () => {
    server.signIn = { status: 200, body: {} };
    const { user, go } = start("/login?tab=buyer");
    await settle();
    server.user = buyer;
    const form = screen.getByRole("form", { name: "Lead buyer sign in" });
    expect(screen.getByText(/Lead buyer accounts are created by invitation\./)).toBeInTheDocument();
    expect(within(form).getByRole("link", { name: "Forgot your password?" })).toHaveAttribute(
      "href",
      "/buyer/forgot-password",
    );
    await user.type(within(form).getByLabelText("Email"), "buyer@example.com");
    await user.type(within(form).getByLabelText("Password", { exact: true }), "correct-horse");
    await user.click(within(form).getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith("/buyer/dashboard"));
    expect(readWorkspace()).toEqual({ mode: "buyer", buyerId: "b1", companyId: "c1" });
  });

  it("leaves a warning for the app when a company user signs in on the Lead Buyer tab", async () => {
    const { user, go } = start("/login?tab=buyer");
    const form = screen.getByRole("form", { name: "Lead buyer sign in" });
    await user.type(within(form).getByLabelText("Email"), "owner@example.com");
    await user.type(within(form).getByLabelText("Password", { exact: true }), "correct-horse");
    await user.click(within(form).getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith("/dashboard"));
    expect(JSON.parse(window.sessionStorage.getItem(FLASH_TOAST_KEY) ?? "null")).toEqual([
      { kind: "warning", message: LOGIN_MESSAGES.notBuyer },
    ]);
  });

  it("sends a user with invitations waiting to answer them first", async () => {
    server.invitations = [{ id: "i1" }];
    const { user, go } = start();
    const form = companyForm();
    await user.type(within(form).getByLabelText("Email"), "owner@example.com");
    await user.type(within(form).getByLabelText("Password", { exact: true }), "correct-horse");
    await user.click(within(form).getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith("/invitations"));
  });

  it("shows a failed sign-in as an alert on the form, and the form can be used again", async () => {
    server.signIn = {
      status: 401,
      body: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" },
    };
    const { user, go } = start();
    const form = companyForm();
    await user.type(within(form).getByLabelText("Email"), "owner@example.com");
    await user.type(within(form).getByLabelText("Password", { exact: true }), "wrong-password");
    await user.click(within(form).getByRole("button", { name: "Sign in" }));
    const alert = await within(form).findByRole("alert");
    expect(alert).toHaveTextContent(LOGIN_MESSAGES.invalidCredentials);
    expect(form).toHaveAccessibleDescription(LOGIN_MESSAGES.invalidCredentials);
    expect(within(form).getByRole("button", { name: "Sign in" })).toBeEnabled();
    expect(within(form).getByLabelText("Email")).toBeEnabled();
    expect(go).not.toHaveBeenCalled();
    // The other tab does not show this tab's error.
    await user.click(screen.getByRole("tab", { name: "Lead Buyer" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("says when the e-mail is not verified", async () => {
    server.signIn = { status: 403, body: { code: "EMAIL_NOT_VERIFIED", message: "Email not verified" } };
    const { user } = start();
    const form = companyForm();
    await user.type(within(form).getByLabelText("Email"), "owner@example.com");
    await user.type(within(form).getByLabelText("Password", { exact: true }), "correct-horse");
    await user.click(within(form).getByRole("button", { name: "Sign in" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(LOGIN_MESSAGES.emailNotVerified);
  });

  it("sends a user who is already signed in to where they belong", async () => {
    server.user = buyer;
    const { go } = start();
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith("/buyer/dashboard"));
  });

  it("switches tabs by click and by arrow keys, keeping ?tab=buyer in the address", async () => {
    const { user } = start();
    await user.click(screen.getByRole("tab", { name: "Lead Buyer" }));
    expect(window.location.search).toBe("?tab=buyer");
    expect(screen.getByRole("form", { name: "Lead buyer sign in" })).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Company sign in" })).not.toBeInTheDocument();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tab", { name: "Company Owner" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Company Owner" })).toHaveAttribute("aria-selected", "true");
    expect(window.location.search).toBe("");
    expect(companyForm()).toBeInTheDocument();
    // One tab stop for the list: the selected tab.
    expect(screen.getByRole("tab", { name: "Lead Buyer" })).toHaveAttribute("tabindex", "-1");
  });

  it("shows and hides the password", async () => {
    const { user } = start();
    const password = within(companyForm()).getByLabelText("Password", { exact: true });
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
  });

  it("offers Google only when the server has it configured", async () => {
    start();
    await settle();
    expect(screen.queryByRole("button", { name: "Sign in with Google" })).not.toBeInTheDocument();
    expect(screen.queryByText("or")).not.toBeInTheDocument();
    server.google = true;
    start();
    expect(await screen.findByRole("button", { name: "Sign in with Google" })).toBeEnabled();
  });

  it("shows the toast the previous page left (a sign-out) and opens the theme menu on demand", async () => {
    window.sessionStorage.setItem(
      FLASH_TOAST_KEY,
      JSON.stringify([
        { kind: "success", message: "Logged out successfully" },
        { kind: "success", message: "Your password has been created. Please sign in.", duration: 10_000 },
      ]),
    );
    const { toast, user, openThemeMenu } = start();
    expect(toast).toHaveBeenNthCalledWith(1, "success", "Logged out successfully", {});
    expect(toast).toHaveBeenNthCalledWith(2, "success", "Your password has been created. Please sign in.", {
      duration: 10_000,
    });
    expect(window.sessionStorage.getItem(FLASH_TOAST_KEY)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Theme: System. Change theme" }));
    expect(openThemeMenu).toHaveBeenCalledTimes(1);
  });
});
