import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Sidebar } from "./sidebar";
import { readSidebarCookie } from "./sidebar-context";
import { SidebarProvider } from "./sidebar-provider";
import { SidebarTrigger } from "./sidebar-trigger";

function renderSidebar(defaultOpen?: boolean) {
  render(
    <SidebarProvider defaultOpen={defaultOpen}>
      <Sidebar label="Test navigation">
        <p>Navigation</p>
      </Sidebar>
      <SidebarTrigger />
    </SidebarProvider>,
  );
  // The desktop sidebar root carries the state.
  const sidebar = () => document.querySelector('[data-slot="sidebar"]');
  return { sidebar };
}

describe("Sidebar", () => {
  it("toggles with Ctrl+B and Cmd+B and stores the state in the sidebar_state cookie", async () => {
    const user = userEvent.setup();
    const { sidebar } = renderSidebar();
    expect(sidebar()).toHaveAttribute("data-state", "expanded");
    expect(readSidebarCookie()).toBeNull();

    await user.keyboard("{Control>}b{/Control}");
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");
    expect(sidebar()).toHaveAttribute("data-collapsible", "icon");
    expect(document.cookie).toContain("sidebar_state=false");

    await user.keyboard("{Meta>}b{/Meta}");
    expect(sidebar()).toHaveAttribute("data-state", "expanded");
    expect(document.cookie).toContain("sidebar_state=true");
  });

  it("ignores B without a modifier", async () => {
    const user = userEvent.setup();
    const { sidebar } = renderSidebar();
    await user.keyboard("b");
    expect(sidebar()).toHaveAttribute("data-state", "expanded");
    expect(readSidebarCookie()).toBeNull();
  });

  it("toggles from the trigger button, which reports its state", async () => {
    const user = userEvent.setup();
    const { sidebar } = renderSidebar();
    const trigger = screen.getByRole("button", { name: "Toggle sidebar" });
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    await user.click(trigger);
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");
    expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  it("starts from the saved cookie", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: arranging the cookie the sidebar reads.
    document.cookie = "sidebar_state=false; path=/";
    const { sidebar } = renderSidebar();
    expect(sidebar()).toHaveAttribute("data-state", "collapsed");
  });
});

describe("readSidebarCookie", () => {
  it("reads true, false, or nothing", () => {
    expect(readSidebarCookie("a=1; sidebar_state=true")).toBe(true);
    expect(readSidebarCookie("sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarCookie("other_sidebar_state=true")).toBeNull();
    expect(readSidebarCookie("")).toBeNull();
  });
});
