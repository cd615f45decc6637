// The form answers' schemas, imported by ./api in development and tests only.
import { z } from "zod";

export { ZFormDetailSchema, ZFormStatusResultSchema } from "@leadpost/shared";

export const ZFormDeleteResultSchema = z.object({ success: z.boolean(), message: z.string() });
