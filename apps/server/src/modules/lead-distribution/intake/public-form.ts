import { FORM_MESSAGES } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { companies, forms } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";

/** The form as the public may use it: published and active, else 'Form not found or not published'. */
export async function loadPublicForm(db: Db, formId: string) {
  const [row] = await db
    .select({
      form: forms,
      company: {
        name: companies.name,
        logoUrl: companies.logoUrl,
        duplicateWindowDays: companies.duplicateWindowDays,
        suspendedAt: companies.suspendedAt,
      },
    })
    .from(forms)
    .innerJoin(companies, eq(companies.id, forms.companyId))
    .where(and(eq(forms.id, formId), eq(forms.status, "published"), eq(forms.isActive, true)));
  if (!row) throw new AppError("NOT_FOUND", FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED);
  // A suspended company keeps its forms but takes no leads: visitors get a polite closed message.
  if (row.company.suspendedAt) throw new AppError("FORM_CLOSED", FORM_MESSAGES.CLOSED);
  return {
    ...row.form,
    duplicateWindowDays: row.company.duplicateWindowDays,
    company: { name: row.company.name, logoUrl: row.company.logoUrl },
  };
}
