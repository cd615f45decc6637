import { FORM_DEFAULTS, type TFormField } from "@leadpost/shared";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mountFormView, type TFormViewOptions, type TRenderableForm } from "./form-view";

/** Draws the form into a fresh container, as the page and the builder preview do. */
function render(f: TRenderableForm, options: TFormViewOptions = { onSubmit: () => {} }) {
  const container = document.createElement("div");
  document.body.replaceChildren(container);
  const view = mountFormView(container, f, options);
  return { container, view };
}

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

describe("mountFormView", () => {
  it("renders markup in titles, labels, help texts and options as plain text", () => {
    const { container } = render(
      form([field({ id: "a", type: "radio", label: XSS, helpText: XSS, options: [XSS] })], {
        title: XSS,
      }),
      { onSubmit: () => {} },
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(screen.getAllByText(XSS, { exact: false }).length).toBeGreaterThanOrEqual(3);
  });

  it("marks required fields, shows help text and skips choice fields without options", () => {
    render(
      form([
        field({ id: "name", type: "text", label: "Full name", required: true, helpText: "As on your ID" }),
        field({ id: "empty", type: "select", label: "Nothing to pick" }),
        field({ id: "none", type: "radio", label: "No radios", options: [] }),
      ]),
      { onSubmit: () => {} },
    );
    expect(screen.getByText("*")).toBeInTheDocument();
    expect(screen.getByText("As on your ID")).toBeInTheDocument();
    expect(screen.queryByText("Nothing to pick")).toBeNull();
    expect(screen.queryByText("No radios")).toBeNull();
  });

  it("splits steps at breaks, uses the break's button texts and keeps only the last submit active", async () => {
    const onSubmit = vi.fn();
    render(
      form(
        [
          field({ id: "b0", type: "break" }),
          field({ id: "name", type: "text", label: "Name" }),
          field({ id: "s1", type: "submit", label: "Early submit" }),
          field({ id: "b1", type: "break", nextButtonText: "Onwards", previousButtonText: "Back" }),
          field({ id: "zip", type: "text", label: "Zip" }),
          field({ id: "s2", type: "submit", label: "Send it" }),
        ],
        { enableMultistep: true, progressPosition: "bottom" },
      ),
      { onSubmit: onSubmit },
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
      form([
        field({ id: "a", type: "text", label: "First" }),
        field({ id: "b", type: "break" }),
        field({ id: "c", type: "text", label: "Second" }),
      ]),
      { onSubmit: () => {} },
    );
    expect(screen.getByLabelText("First")).toBeInTheDocument();
    expect(screen.getByLabelText("Second")).toBeInTheDocument();
    expect(screen.queryByRole("progressbar")).toBeNull();
    // No submit field: a default submit button is drawn.
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  it("follows show_title, show_description and the submit button colour fallback", () => {
    render(
      form([field({ id: "s", type: "submit", label: "Go" })], {
        showTitle: false,
        showDescription: false,
        accentColor: "#112233",
      }),
      { onSubmit: () => {} },
    );
    expect(screen.queryByText("Quote")).toBeNull();
    expect(screen.queryByText("Tell us about the job")).toBeNull();
    expect(screen.getByRole("button", { name: "Go" })).toHaveStyle({ backgroundColor: "#112233" });
  });

  it("shows field errors on the step that holds them and marks the button while submitting", async () => {
    const { view } = render(
      form(
        [
          field({ id: "name", type: "text", label: "Name" }),
          field({ id: "b1", type: "break" }),
          field({ id: "email", type: "email", label: "Email" }),
        ],
        { enableMultistep: true },
      ),
    );
    await userEvent.type(screen.getByLabelText("Name"), "Ann");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    view.setStatus({ submitting: true });
    expect(screen.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    view.setStatus({
      formError: "Invalid form data. Please check your inputs.",
      fieldErrors: { name: ["Too short"] },
    });
    expect(screen.getByText("Step 1 of 2")).toBeInTheDocument();
    expect(screen.getByText("Too short")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveValue("Ann");
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("Invalid form data. Please check your inputs.");
  });

  it("keeps the answers when the form is redrawn with new settings (the builder preview)", async () => {
    const onSubmit = vi.fn();
    const fields = [
      field({ id: "size", type: "checkbox", label: "Size", options: ["S", "M", "L"] }),
      field({ id: "note", type: "textarea", label: "Note" }),
      field({ id: "kind", type: "select", label: "Kind", options: ["Roof", "Gutter"] }),
    ];
    const { view } = render(form(fields), { onSubmit });
    await userEvent.click(screen.getByLabelText("L"));
    await userEvent.click(screen.getByLabelText("S"));
    await userEvent.type(screen.getByLabelText("Note"), "Two floors");
    await userEvent.selectOptions(screen.getByLabelText("Kind"), "Gutter");
    view.update(form(fields, { title: "New title" }));
    expect(screen.getByText("New title")).toBeInTheDocument();
    expect(screen.getByLabelText("Note")).toHaveValue("Two floors");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ size: ["S", "L"], note: "Two floors", kind: "Gutter" }, "");
  });
});
