import type { TFormSubmissionResult } from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages } from "../src/db/schema";
import { createCompanyWithOwner } from "./helpers/fixtures";
import { createPublishedForm, QUOTE_ANSWERS, submitAndRoute } from "./helpers/forms";
import { addBuyer, ZIP_A } from "./helpers/routing";
import { createTestContext, type TTestContext } from "./helpers/test-app";

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const noticesTo = (companyId: string, to: string) =>
  ctx.database.db
    .select()
    .from(emailMessages)
    .where(
      and(
        eq(emailMessages.companyId, companyId),
        eq(emailMessages.toAddress, to),
        eq(emailMessages.kind, "new_lead"),
      ),
    );

describe("new-lead notice", () => {
  it("e-mails each matched buyer through the mail path with a link to the lead in the portal, and no one else", async () => {
    const co = await createCompanyWithOwner(ctx, "owner@notice.test", "Notice Co");
    const other = await createCompanyWithOwner(ctx, "owner@notice-other.test", "Notice Other");
    const matched = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, serviceRadius: 25 });
    const inactive = await addBuyer(ctx, co.companyId, { nicheId: co.nicheId, status: "inactive" });
    const foreign = await addBuyer(ctx, other.companyId, { serviceRadius: 500 });
    const form = await createPublishedForm(ctx, co.cookie, { nicheId: co.nicheId, saleCap: 1 });
    const res = await submitAndRoute(ctx, form.id, {
      ...QUOTE_ANSWERS,
      "f-zip": ZIP_A,
      "f-email": "n1@example.com",
    });
    expect(res.status).toBe(201);
    const { leadId } = (await res.json()) as TFormSubmissionResult;

    await expect.poll(async () => (await noticesTo(co.companyId, matched.email)).length).toBe(1);
    const [notice] = await noticesTo(co.companyId, matched.email);
    expect(notice!.html).toContain(`/buyer/available-leads?lead=${leadId}`);
    expect(notice!.subject).toMatch(/^New lead from Notice Co/);
    // A preview's notice never carries the visitor's contact details.
    expect(notice!.html).not.toContain("n1@example.com");
    expect(await noticesTo(co.companyId, inactive.email)).toHaveLength(0);
    expect(await noticesTo(other.companyId, foreign.email)).toHaveLength(0);
  });
});
