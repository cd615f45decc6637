import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { WorkspaceSwitcher } from "./workspace-switcher";

const setMode = vi.fn();
vi.mock("@/lib/session/use-session", () => ({
  useSession: () => ({ user: { roles: [{ companyId: "c1", role: "owner" }], isBuyer: true } }),
}));
vi.mock("@/lib/workspace/use-workspace", () => ({ useWorkspace: () => ({ setMode }) }));

beforeEach(() => {
  setMode.mockReset();
  // jsdom lacks what radix's select calls when it opens.
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
});

function renderSwitcher() {
  render(
    <MemoryRouter initialEntries={["/dashboard"]}>
      <Routes>
        <Route path="/dashboard" element={<WorkspaceSwitcher current="owner" />} />
        <Route path="/buyer/dashboard" element={<p>Buyer home</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe("WorkspaceSwitcher", () => {
  it("shows the current workspace before its select has loaded", () => {
    renderSwitcher();
    expect(screen.getByRole("combobox", { name: "Switch workspace" })).toHaveTextContent("Company Owner");
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
  });

  it("opens on the first click and switches to the buyer portal", async () => {
    const user = renderSwitcher();
    await user.click(screen.getByRole("combobox", { name: "Switch workspace" }));
    await user.click(await screen.findByRole("option", { name: "Lead Buyer" }));
    expect(setMode).toHaveBeenCalledWith("buyer");
    expect(await screen.findByText("Buyer home")).toBeInTheDocument();
  });
});
