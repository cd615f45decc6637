// The answers' schemas, imported by ./api in development and tests only.
import { z } from "zod";

export { ZLeadCallTouchesSchema, ZLeadDetailSchema, ZLeadListSchema } from "@leadpost/shared";

export const ZLeadDeleted = z.object({ success: z.boolean(), message: z.string() });
