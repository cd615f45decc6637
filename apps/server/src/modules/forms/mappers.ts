import { normalizeFormFields, type TFormDetail, type TPublicForm } from "@leadpost/shared";
import type { formEmailRouting, forms } from "../../db/schema";

type TFormRow = typeof forms.$inferSelect;
type TEmailRoutingRow = typeof formEmailRouting.$inferSelect;

// Outputs are built key by key: a column added to the table later never leaks into an answer by itself.

/** Look and behaviour settings: the same for the builder and the public page. */
function settingsOf(row: TFormRow) {
  return {
    description: row.description,
    isActive: row.isActive,
    enableMultistep: row.enableMultistep,
    progressPosition: row.progressPosition,
    showTitle: row.showTitle,
    showDescription: row.showDescription,
    backgroundColor: row.backgroundColor,
    backgroundOpacity: row.backgroundOpacity,
    textColor: row.textColor,
    accentColor: row.accentColor,
    accentOpacity: row.accentOpacity,
    submitButtonColor: row.submitButtonColor,
    submitButtonPosition: row.submitButtonPosition,
    submitButtonWidth: row.submitButtonWidth,
    successMessage: row.successMessage,
    redirectBehavior: row.redirectBehavior,
    redirectUrl: row.redirectUrl,
    consentText: row.consentText,
  };
}

export function toFormDetail(
  row: TFormRow,
  buyerIds: string[],
  emailRouting: TEmailRoutingRow[],
): TFormDetail {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    fields: normalizeFormFields(row.fields),
    ...settingsOf(row),
    nicheId: row.nicheId,
    buyerIds,
    saleCap: row.saleCap,
    embedOrigins: row.embedOrigins,
    emailRouting: emailRouting.map((e) => ({
      id: e.id,
      email: e.email,
      city: e.city,
      state: e.state,
      zipCode: e.zipCode,
      radius: e.radius,
      status: e.status,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPublicForm(row: TFormRow, company: { name: string; logoUrl: string | null }): TPublicForm {
  return {
    id: row.id,
    title: row.title,
    fields: normalizeFormFields(row.fields),
    ...settingsOf(row),
    company: { name: company.name, logoUrl: company.logoUrl },
  };
}
