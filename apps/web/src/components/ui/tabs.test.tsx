import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

function Three({ onChange, disabledB = false }: { onChange?: (v: string) => void; disabledB?: boolean }) {
  const [tab, setTab] = useState("a");
  return (
    <Tabs
      value={tab}
      onValueChange={(v) => {
        setTab(v);
        onChange?.(v);
      }}
    >
      <TabsList aria-label="Sections">
        <TabsTrigger value="a">Alpha</TabsTrigger>
        <TabsTrigger value="b" disabled={disabledB}>
          Beta
        </TabsTrigger>
        <TabsTrigger value="c">Gamma</TabsTrigger>
      </TabsList>
      <TabsContent value="a">Alpha panel</TabsContent>
      <TabsContent value="b">Beta panel</TabsContent>
      <TabsContent value="c">Gamma panel</TabsContent>
    </Tabs>
  );
}

describe("Tabs", () => {
  it("names the selected tab's panel and renders only that one", () => {
    render(<Three />);
    const alpha = screen.getByRole("tab", { name: "Alpha" });
    expect(screen.getByRole("tablist", { name: "Sections" })).toHaveAttribute(
      "aria-orientation",
      "horizontal",
    );
    expect(alpha).toHaveAttribute("aria-selected", "true");
    expect(alpha).toHaveAttribute("data-state", "active");
    expect(alpha).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("tab", { name: "Beta" })).toHaveAttribute("tabindex", "-1");
    const panel = screen.getByRole("tabpanel", { name: "Alpha" });
    expect(panel).toHaveTextContent("Alpha panel");
    expect(alpha).toHaveAttribute("aria-controls", panel.id);
    expect(screen.queryByText("Beta panel")).toBeNull();
    // A tab names only a panel that exists (an id that is nowhere is invalid ARIA).
    expect(screen.getByRole("tab", { name: "Beta" })).not.toHaveAttribute("aria-controls");
  });

  it("selects a tab on click, once", async () => {
    const onChange = vi.fn();
    render(<Three onChange={onChange} />);
    await userEvent.click(screen.getByRole("tab", { name: "Gamma" }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Gamma panel");
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith("c");
  });

  it("moves and selects with the arrow keys, looping, skipping a disabled tab; Home and End", async () => {
    render(<Three disabledB />);
    await userEvent.tab();
    expect(screen.getByRole("tab", { name: "Alpha" })).toHaveFocus();
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Gamma" })).toHaveFocus();
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Gamma panel");
    await userEvent.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Alpha" })).toHaveFocus();
    await userEvent.keyboard("{ArrowLeft}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Gamma panel");
    await userEvent.keyboard("{Home}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Alpha panel");
    await userEvent.keyboard("{End}");
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Gamma panel");
  });

  it("keeps its own selection when uncontrolled", async () => {
    render(
      <Tabs defaultValue="x">
        <TabsList>
          <TabsTrigger value="x">X</TabsTrigger>
          <TabsTrigger value="y">Y</TabsTrigger>
        </TabsList>
        <TabsContent value="x">X panel</TabsContent>
        <TabsContent value="y">Y panel</TabsContent>
      </Tabs>,
    );
    await userEvent.click(screen.getByRole("tab", { name: "Y" }));
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Y panel");
  });

  it("names no panel when the tabs are a filter without panels", () => {
    render(
      <Tabs defaultValue="all">
        <TabsList aria-label="Filter">
          <TabsTrigger value="all">All</TabsTrigger>
          <TabsTrigger value="open">Open</TabsTrigger>
        </TabsList>
      </Tabs>,
    );
    expect(screen.getByRole("tab", { name: "All" })).not.toHaveAttribute("aria-controls");
  });
});
