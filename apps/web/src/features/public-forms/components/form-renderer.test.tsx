import { FORM_DEFAULTS, type TFormField } from "@leadpost/shared";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FormRenderer, type TRenderableForm } from "./form-renderer";

const XSS = `<img src=x onerror="window.__xss=1"><b>bold</b>`;
const field = (f: Partial<TFormField> & Pick<TFormField, "id" | "type">): TFormField => ({
  label: f.id,
  required: false,
  width: "full",
  ...f,
});
const form = (fields: TFormField[], extra: Partial<TRenderableForm> = {}): TRenderableForm => ({
  ...FORM_DEFAULTS,
  title: "Quote",
  description: "Tell us about the job",
  fields,
  ...extra,
});

describe("FormRenderer", () => {
  it("renders markup in titles, labels, help texts and options as plain text", () => {
    const { container } = render(
      <FormRenderer
        form={form([field({ id: "a", type: "radio", label: XSS, helpText: XSS, options: [XSS] })], {
          title: XSS,
        })}
        onSubmit={() => {}}
      />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(screen.getAllByText(XSS, { exact: false }).length).toBeGreaterThanOrEqual(3);
  });

  it("marks required fields, shows help text and skips choice fields without options", () => {
    render(
      <FormRenderer
        form={form([
          field({ id: "name", type: "text", label: "Full name", required: true, helpText: "As on your ID" }),
          field({ id: "empty", type: "select", label: "Nothing to pick" }),
          field({ id: "none", type: "radio", label: "No radios", options: [] }),
        ])}
        onSubmit={() => {}}
      />,
    );
    expect(screen.getByText("*")).toBeInTheDocument();
    expect(screen.getByText("As on your ID")).toBeInTheDocument();
    expect(screen.queryByText("Nothing to pick")).toBeNull();
    expect(screen.queryByText("No radios")).toBeNull();
  });

  it("splits steps at breaks, uses the break's button texts and keeps only the last submit active", async () => {
    const onSubmit = vi.fn();
    render(
      <FormRenderer
        form={form(
          [
            field({ id: "b0", type: "break" }),
            field({ id: "name", type: "text", label: "Name" }),
            field({ id: "s1", type: "submit", label: "Early submit" }),
            field({ id: "b1", type: "break", nextButtonText: "Onwards", previousButtonText: "Back" }),
            field({ id: "zip", type: "text", label: "Zip" }),
            field({ id: "s2", type: "submit", label: "Send it" }),
          ],
          { enableMultistep: true, progressPosition: "bottom" },
        )}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText("Step 1 of 2")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
    expect(screen.getByRole("button", { name: "Early submit" })).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Name"), "Ann");
    await userEvent.click(screen.getByRole("button", { name: "Onwards" }));
    expect(screen.getByText("Step 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Zip"), "80202");
    await userEvent.click(screen.getByRole("button", { name: "Send it" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Ann", zip: "80202" }, "");
  });

  it("hides breaks and shows every field on one page when multistep is off", () => {
    render(
      <FormRenderer
        form={form([
          field({ id: "a", type: "text", label: "First" }),
          field({ id: "b", type: "break" }),
          field({ id: "c", type: "text", label: "Second" }),
        ])}
        onSubmit={() => {}}
      />,
    );
    expect(screen.getByLabelText("First")).toBeInTheDocument();
    expect(screen.getByLabelText("Second")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).toBeNull();
    // No submit field: a default submit button is drawn.
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  it("follows show_title, show_description and the submit button colour fallback", () => {
    render(
      <FormRenderer
        form={form([field({ id: "s", type: "submit", label: "Go" })], {
          showTitle: false,
          showDescription: false,
          accentColor: "#112233",
        })}
        onSubmit={() => {}}
      />,
    );
    expect(screen.queryByText("Quote")).toBeNull();
    expect(screen.queryByText("Tell us about the job")).toBeNull();
    expect(screen.getByRole("button", { name: "Go" })).toHaveStyle({ backgroundColor: "#112233" });
  });
});
