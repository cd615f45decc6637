import { z } from "zod";
import {
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEAD_TEST_FILTERS,
  LEADS_PAGE_SIZE_MAX,
  ROUTING_STATUSES,
} from "../domain/leads";

export {
  LEAD_MESSAGES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEAD_TEST_FILTERS,
  LEADS_PAGE_SIZE_MAX,
  ROUTING_STATUSES,
  type TLeadStatus,
} from "../domain/leads";

/** A calendar day (YYYY-MM-DD, read as UTC) or a full ISO timestamp. */
const ZDateBoundSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** Filters shared by the list and the CSV export. */
export const ZLeadFiltersSchema = z.object({
  /** Matches name, e-mail, phone, city or zip code. */
  search: z.string().trim().max(200).optional(),
  formId: z.uuid().optional(),
  nicheId: z.uuid().optional(),
  status: z.enum(LEAD_STATUSES).optional(),
  /** Created on or after this day or instant. */
  from: ZDateBoundSchema.optional(),
  /** Created on or before this day (the whole day) or before this instant. */
  to: ZDateBoundSchema.optional(),
  /** Test leads (posted with a sandbox API key) are left out unless asked for: "only" or "include". */
  test: z.enum(LEAD_TEST_FILTERS, { error: "Test leads must be only or include" }).optional(),
});
export type TLeadFilters = z.infer<typeof ZLeadFiltersSchema>;

export const ZLeadListQuerySchema = ZLeadFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(LEADS_PAGE_SIZE_MAX).default(25),
  /**
   * The page after this position (a previous answer's `nextCursor`), instead of `page`: as fast on the
   * thousandth page as on the first, where `page` makes the database skip every row before it.
   */
  cursor: z
    .string()
    .regex(/^\d{1,18}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
      error: "Cursor is not one this list gave; reload the page and try again.",
    })
    .optional()
    .describe(
      "The next page after a previous answer's nextCursor (keyset pagination); page is then ignored.",
    ),
});
export type TLeadListQuery = z.infer<typeof ZLeadListQuerySchema>;

export const ZLeadSummarySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  source: z.enum(LEAD_SOURCES),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  serviceType: z.string(),
  status: z.enum(LEAD_STATUSES),
  isDuplicate: z.boolean(),
  saleCap: z.number(),
  saleCount: z.number(),
  form: z.object({ id: z.string(), title: z.string() }).nullable(),
  niche: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Customer details the company's preferences hide from this reader (003 §2.8): never sent. */
  hiddenContact: z.array(z.enum(["name", "phone", "address"])),
  /** Posted with a sandbox API key: a test lead, never routed, billed or counted. */
  isTest: z.boolean(),
});
export type TLeadSummary = z.infer<typeof ZLeadSummarySchema>;

export const ZLeadListSchema = z.object({
  leads: z.array(ZLeadSummarySchema),
  page: z.number(),
  pageSize: z.number(),
  /** Leads matching every filter. */
  total: z.number(),
  /** Leads per status matching every filter except the status one (for status tabs). */
  statusCounts: z.object({ new: z.number(), routed: z.number(), unrouted: z.number(), sold_out: z.number() }),
  /**
   * Which of `total` and `statusCounts` are the database's estimates: a count is exact up to 10,000
   * leads (1,000 with a search, form, niche or date filter), estimated past that. Empty when all are exact.
   */
  estimatedCounts: z.array(z.enum(["total", ...LEAD_STATUSES])),
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TLeadList = z.infer<typeof ZLeadListSchema>;

const ZAnswerOutputSchema = z.union([z.string(), z.array(z.string()), z.boolean(), z.number(), z.null()]);

export const ZLeadDetailSchema = ZLeadSummarySchema.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  duplicateOfLeadId: z.string().nullable(),
  routedAt: z.string().nullable(),
  /** Every submitted answer with the label it had when submitted, in form order. */
  fields: z.array(
    z.object({ fieldId: z.string().nullable(), label: z.string(), value: ZAnswerOutputSchema }),
  ),
  submission: z
    .object({
      id: z.string(),
      submittedAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
      referrer: z.string().nullable(),
      landingPage: z.string().nullable(),
      utm: z.record(z.string(), z.string()).nullable(),
      clickIds: z.record(z.string(), z.string()).nullable(),
      consent: z
        .object({ text: z.string(), at: z.string(), ip: z.string().nullable(), page: z.string().nullable() })
        .nullable(),
      fillTimeMs: z.number().nullable(),
      routingStatus: z.enum(ROUTING_STATUSES),
      routingAttempts: z.number(),
      routingError: z.string().nullable(),
    })
    .nullable(),
  routingDecisions: z.array(
    z.object({
      id: z.string(),
      buyer: z.object({ id: z.string(), name: z.string() }).nullable(),
      matched: z.boolean(),
      reason: z.string(),
      distanceMiles: z.number().nullable(),
      outcome: z.enum(["full_access", "preview", "email", "none"]),
      createdAt: z.string(),
    }),
  ),
  /** Buyers holding the lead: previews, and full access with how it was obtained. */
  buyers: z.array(
    z.object({
      buyer: z.object({ id: z.string(), name: z.string() }),
      isPreview: z.boolean(),
      acquiredVia: z.enum(["all_you_can_eat", "prepaid", "credits", "manual"]).nullable(),
      creditsSpent: z.number(),
      crmStatus: z.enum(["new", "contacted", "qualified", "converted", "lost"]),
      unlockedAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type TLeadDetail = z.infer<typeof ZLeadDetailSchema>;

export const ZLeadIdParamsSchema = z.object({ leadId: z.uuid() });

export const ZDashboardSummarySchema = z.object({
  formsCreated: z.number(),
  totalLeads: z.number(),
  /** totalLeads is the database's estimate (past 10,000 leads), not a count. */
  totalLeadsEstimated: z.boolean(),
  totalCalls: z.number(),
  completedCalls: z.number(),
  /** Rounded mean of completed calls with a duration, in seconds; 0 without any. */
  avgCallDurationSeconds: z.number(),
});
export type TDashboardSummary = z.infer<typeof ZDashboardSummarySchema>;
