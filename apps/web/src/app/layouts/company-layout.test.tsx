import type { TWhoami } from "@leadpost/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionContext } from "@/lib/session/session-context";
import { ThemeProvider } from "@/lib/theme/theme-provider";
import { WorkspaceProvider } from "@/lib/workspace/workspace-provider";
import { makeCompanyUser } from "@/test/fixtures";
import { CompanyLayout } from "./company-layout";

function renderShell(user: TWhoami) {
  const session = {
    status: "authenticated" as const,
    user,
    error: null,
    refresh: async () => user,
    clear() {},
    retryBootstrap() {},
  };
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={["/dashboard"]}>
        <SessionContext.Provider value={session}>
          <ThemeProvider>
            <WorkspaceProvider>
              <Routes>
                <Route element={<CompanyLayout />}>
                  <Route path="/dashboard" element={<p>Dashboard body</p>} />
                </Route>
              </Routes>
            </WorkspaceProvider>
          </ThemeProvider>
        </SessionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // The shell's own reads (trial status, workspaces) answer empty: this test is about the brand.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}", { status: 404, headers: { "content-type": "application/json" } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the company shell's brand", () => {
  it("shows the company's logo with its name as alt text", async () => {
    renderShell(makeCompanyUser("owner", { companyLogoUrl: "/files/company-logos/acme.png" }));
    const nav = await screen.findByRole("navigation", { name: "Company navigation" });
    const brand = nav.closest('[data-slot="sidebar"]') ?? document.body;
    const logo = within(brand as HTMLElement).getByRole("img", { name: "Acme Roofing logo" });
    expect(logo).toHaveAttribute("src", "/files/company-logos/acme.png");
  });

  it("shows the Leadpost mark and no company image without a logo", async () => {
    renderShell(makeCompanyUser("owner"));
    await screen.findByText("Dashboard body");
    expect(screen.queryByRole("img", { name: /logo$/ })).not.toBeInTheDocument();
    expect(document.querySelector("svg rect.fill-primary")).not.toBeNull();
  });
});
