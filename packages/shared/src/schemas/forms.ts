import { z } from "zod";
import { isValidEmail, normalizeEmail } from "../domain/email";
import { HONEYPOT_FIELD } from "../domain/form-layout";
import { FORM_MESSAGES } from "../domain/form-texts";
import {
  ALIGNMENTS,
  FIELD_WIDTHS,
  FORM_DEFAULTS,
  FORM_FIELD_TYPES,
  FORM_STATUSES,
  IMAGE_SIZES,
  MAX_FORM_FIELDS,
  SALE_CAPS,
} from "../domain/forms";
import { US_ZIP_PATTERN } from "../domain/geo";

// Forms as spec 001 §2–§3 describe them; the builder, the public page and the server share these.

export * from "../domain/forms";

export { FORM_MESSAGES, HONEYPOT_FIELD };

const pixels = z.number().min(0).max(400);
const ZSidesSchema = z.object({ top: pixels, right: pixels, bottom: pixels, left: pixels });
/** Links the public page renders: http(s) or same-site paths only, so no javascript: or data: URLs. */
const ZSafeUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /^https?:\/\//i.test(v) || /^\/(?!\/)/.test(v), {
    message: "Must be an http(s) address or a path starting with /",
  });
export const EMBED_ORIGIN_MESSAGE = "Each site must be an address like https://www.example.com";
const SITE_ORIGIN =
  /^(https?):\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?\/?$/i;

/** "HTTPS://Example.com:443/" → "https://example.com" (what a browser sends as the page's origin). */
function siteOrigin(value: string): string {
  const [, scheme = "", host = "", port] = SITE_ORIGIN.exec(value) ?? [];
  const defaultPort = scheme.toLowerCase() === "https" ? "443" : "80";
  return `${scheme}://${host}${port && port !== defaultPort ? `:${port}` : ""}`.toLowerCase();
}

/** One site per entry; blank entries (an empty line in the builder) are dropped; stored as origins. */
const ZEmbedOriginsSchema = z
  .array(
    z
      .string()
      .trim()
      .max(300)
      .refine((v) => v === "" || SITE_ORIGIN.test(v), { message: EMBED_ORIGIN_MESSAGE }),
  )
  .max(50, "At most 50 sites")
  .transform((list) => [...new Set(list.filter(Boolean).map(siteOrigin))]);

const ZColorSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, "Must be a hex colour such as #3182ce");
const ZPercentSchema = z.number().int().min(0).max(100);

export const ZFormFieldSchema = z.object({
  id: z.string().trim().min(1).max(100),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string().max(1000),
  required: z.boolean(),
  helpText: z.string().max(2000).optional(),
  placeholder: z.string().max(500).optional(),
  /** Choices of select, radio and (multiple-choice) checkbox fields; without them select/radio are not drawn. */
  // Blank option lines (an empty line left in the editor) are dropped, not refused.
  options: z
    .array(z.string().trim().max(500))
    .max(200)
    .transform((options) => options.filter((option) => option !== ""))
    .optional(),
  width: z.enum(FIELD_WIDTHS).default("full"),
  marginTop: pixels.optional(),
  paddingTop: pixels.optional(),
  paddingBottom: pixels.optional(),
  fontSize: z.number().min(8).max(96).optional(),
  headingLevel: z.number().int().min(2).max(6).optional(),
  src: ZSafeUrlSchema.optional(),
  nextButtonText: z.string().max(100).optional(),
  previousButtonText: z.string().max(100).optional(),
  // Image fields; defaults (000 §9) are filled by withFieldDefaults.
  imageSize: z.enum(IMAGE_SIZES).optional(),
  imageAlignment: z.enum(ALIGNMENTS).optional(),
  padding: ZSidesSchema.optional(),
  margin: ZSidesSchema.optional(),
});
export type TFormField = z.infer<typeof ZFormFieldSchema>;
export type TFormFieldInput = z.input<typeof ZFormFieldSchema>;

export const ZFormFieldsSchema = z
  .array(ZFormFieldSchema)
  .max(MAX_FORM_FIELDS)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.id)) {
        ctx.addIssue({ code: "custom", message: "Field ids must be unique", path: [index, "id"] });
      }
      seen.add(field.id);
    });
  });

export const ZEmailRoutingEntryInputSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((v) => isValidEmail(v), { message: "Please enter a valid email address." })
    .transform(normalizeEmail),
  city: z.string().trim().max(100).nullable().optional(),
  state: z.string().trim().max(50).nullable().optional(),
  zipCode: z
    .string()
    .trim()
    .regex(US_ZIP_PATTERN, "Zip codes are five digits, optionally a dash and four digits")
    .nullable()
    .optional(),
  radius: z.number().int().min(1).max(500).nullable().optional(),
  status: z.enum(["active", "inactive"]).default("active"),
});
export const ZEmailRoutingEntrySchema = z.object({
  id: z.string(),
  email: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  radius: z.number().nullable(),
  status: z.enum(["active", "inactive"]),
});

// Without defaults, so the same rules serve a create (defaults added) and a partial update (none added:
// zod 4 would otherwise fill defaults into absent optional keys and overwrite stored settings).
const formSettingRules = {
  description: z.string().trim().max(2000).nullable(),
  isActive: z.boolean(),
  enableMultistep: z.boolean(),
  progressPosition: z.enum(["top", "bottom", "none"]),
  showTitle: z.boolean(),
  showDescription: z.boolean(),
  backgroundColor: ZColorSchema,
  backgroundOpacity: ZPercentSchema,
  textColor: ZColorSchema,
  accentColor: ZColorSchema,
  accentOpacity: ZPercentSchema,
  submitButtonColor: ZColorSchema.nullable(),
  submitButtonPosition: z.enum(ALIGNMENTS),
  submitButtonWidth: z.enum(["default", "half", "full"]),
  successMessage: z.string().trim().max(2000).nullable(),
  redirectBehavior: z.enum(["message", "redirect"]),
  redirectUrl: ZSafeUrlSchema.nullable(),
  nicheId: z.uuid().nullable(),
  /** Restricts the form's leads to these buyers; empty means every eligible buyer. */
  buyerIds: z.array(z.uuid()).max(500),
  // The OpenAPI generator documents only a multi-value literal's first value; `enum` names them all.
  saleCap: z
    .literal(SALE_CAPS, { message: "Sale cap must be 1, 2, 3, 5 or 10" })
    .meta({ enum: [...SALE_CAPS] }),
  /** Shown above the submit button and recorded with each submission (text, time, IP, page). */
  consentText: z.string().trim().max(5000).nullable(),
  /** Sites whose pages may show the form in a frame (its public page's frame-ancestors). */
  embedOrigins: ZEmbedOriginsSchema,
};
const ZTitleSchema = z.string().trim().min(1, "Title is required").max(200);

export const ZCreateFormSchema = z.object({
  title: ZTitleSchema,
  fields: ZFormFieldsSchema.default([]),
  emailRouting: z.array(ZEmailRoutingEntryInputSchema).max(50).default([]),
  description: formSettingRules.description.default(FORM_DEFAULTS.description),
  isActive: formSettingRules.isActive.default(FORM_DEFAULTS.isActive),
  enableMultistep: formSettingRules.enableMultistep.default(FORM_DEFAULTS.enableMultistep),
  progressPosition: formSettingRules.progressPosition.default(FORM_DEFAULTS.progressPosition),
  showTitle: formSettingRules.showTitle.default(FORM_DEFAULTS.showTitle),
  showDescription: formSettingRules.showDescription.default(FORM_DEFAULTS.showDescription),
  backgroundColor: formSettingRules.backgroundColor.default(FORM_DEFAULTS.backgroundColor),
  backgroundOpacity: formSettingRules.backgroundOpacity.default(FORM_DEFAULTS.backgroundOpacity),
  textColor: formSettingRules.textColor.default(FORM_DEFAULTS.textColor),
  accentColor: formSettingRules.accentColor.default(FORM_DEFAULTS.accentColor),
  accentOpacity: formSettingRules.accentOpacity.default(FORM_DEFAULTS.accentOpacity),
  submitButtonColor: formSettingRules.submitButtonColor.default(FORM_DEFAULTS.submitButtonColor),
  submitButtonPosition: formSettingRules.submitButtonPosition.default(FORM_DEFAULTS.submitButtonPosition),
  submitButtonWidth: formSettingRules.submitButtonWidth.default(FORM_DEFAULTS.submitButtonWidth),
  successMessage: formSettingRules.successMessage.default(FORM_DEFAULTS.successMessage),
  redirectBehavior: formSettingRules.redirectBehavior.default(FORM_DEFAULTS.redirectBehavior),
  redirectUrl: formSettingRules.redirectUrl.default(FORM_DEFAULTS.redirectUrl),
  nicheId: formSettingRules.nicheId.default(FORM_DEFAULTS.nicheId),
  buyerIds: formSettingRules.buyerIds.default([]),
  saleCap: formSettingRules.saleCap.default(FORM_DEFAULTS.saleCap),
  consentText: formSettingRules.consentText.default(FORM_DEFAULTS.consentText),
  embedOrigins: formSettingRules.embedOrigins.default([]),
});
export type TCreateForm = z.infer<typeof ZCreateFormSchema>;

/** A partial update: only the keys sent change; fields, buyerIds and emailRouting replace the stored lists. */
export const ZUpdateFormSchema = z
  .object({
    title: ZTitleSchema,
    fields: ZFormFieldsSchema,
    emailRouting: z.array(ZEmailRoutingEntryInputSchema).max(50),
    ...formSettingRules,
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to update" });
export type TUpdateForm = z.infer<typeof ZUpdateFormSchema>;

const ZFormSettingsOutputShape = {
  description: z.string().nullable(),
  isActive: z.boolean(),
  enableMultistep: z.boolean(),
  progressPosition: z.enum(["top", "bottom", "none"]),
  showTitle: z.boolean(),
  showDescription: z.boolean(),
  backgroundColor: z.string(),
  backgroundOpacity: z.number(),
  textColor: z.string(),
  accentColor: z.string(),
  accentOpacity: z.number(),
  submitButtonColor: z.string().nullable(),
  submitButtonPosition: z.enum(ALIGNMENTS),
  submitButtonWidth: z.enum(["default", "half", "full"]),
  successMessage: z.string().nullable(),
  redirectBehavior: z.enum(["message", "redirect"]),
  redirectUrl: z.string().nullable(),
  consentText: z.string().nullable(),
};

export const ZFormSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(FORM_STATUSES),
  isActive: z.boolean(),
  leadCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFormSummary = z.infer<typeof ZFormSummarySchema>;

export const ZFormListSchema = z.object({
  forms: z.array(ZFormSummarySchema),
  /** For the list's count line '{n} published · {n} draft'. */
  counts: z.object({ published: z.number(), draft: z.number() }),
});
export type TFormList = z.infer<typeof ZFormListSchema>;

export const ZFormDetailSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(FORM_STATUSES),
  fields: z.array(ZFormFieldSchema),
  ...ZFormSettingsOutputShape,
  nicheId: z.string().nullable(),
  buyerIds: z.array(z.string()),
  saleCap: z.number(),
  embedOrigins: z.array(z.string()),
  emailRouting: z.array(ZEmailRoutingEntrySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFormDetail = z.infer<typeof ZFormDetailSchema>;

export const ZFormStatusResultSchema = z.object({
  id: z.string(),
  status: z.enum(FORM_STATUSES),
  message: z.string(),
});

/** What an anonymous visitor may see: no company id or secrets, no niche, buyers, sale cap or routing. */
export const ZPublicFormSchema = z.object({
  id: z.string(),
  title: z.string(),
  fields: z.array(ZFormFieldSchema),
  ...ZFormSettingsOutputShape,
  company: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
});
export type TPublicForm = z.infer<typeof ZPublicFormSchema>;

/** A submission filled in faster than this (fillTimeMs, measured by the page) is suspected spam. */
export const MIN_FILL_TIME_MS = 2000;

export const ZIdempotencyKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._:-]{8,200}$/, "Idempotency keys are 8 to 200 letters, digits or . _ : -");

const ZAnswerValueSchema = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(1000)).max(200),
  z.null(),
]);
export type TAnswerValue = z.infer<typeof ZAnswerValueSchema>;

const trackingText = (max: number) => z.string().trim().max(max).optional();
export const ZSubmissionTrackingSchema = z.object({
  utmSource: trackingText(500),
  utmMedium: trackingText(500),
  utmCampaign: trackingText(500),
  utmTerm: trackingText(500),
  utmContent: trackingText(500),
  gclid: trackingText(500),
  fbclid: trackingText(500),
  /** document.referrer of the page the visitor came from. */
  referrer: trackingText(2048),
  /** The page the visitor filled the form on (the host page when embedded); its utm_* query counts too. */
  landingPage: trackingText(2048),
});

export const ZFormSubmissionSchema = z.object({
  /** Answers keyed by field id. */
  formData: z
    .record(z.string().max(200), ZAnswerValueSchema)
    .refine((v) => Object.keys(v).length <= MAX_FORM_FIELDS, { message: "Too many answers" }),
  /** Alternative to the Idempotency-Key header (the header wins when both are sent). */
  idempotencyKey: ZIdempotencyKeySchema.optional(),
  /** Milliseconds between the form being shown and submitted, measured by the page. */
  fillTimeMs: z.number().min(0).optional(),
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
  tracking: ZSubmissionTrackingSchema.optional(),
});
export type TFormSubmission = z.infer<typeof ZFormSubmissionSchema>;

export const ZFormSubmissionResultSchema = z.object({
  success: z.literal(true),
  leadId: z.string(),
  submissionId: z.string(),
  message: z.string(),
  /** The form's own thank-you text; the page falls back to FORM_MESSAGES.DEFAULT_SUCCESS. */
  successMessage: z.string().nullable(),
  /** Set when the form redirects after submit. */
  redirectUrl: z.string().nullable(),
});
export type TFormSubmissionResult = z.infer<typeof ZFormSubmissionResultSchema>;

export const ZFormIdParamsSchema = z.object({ formId: z.uuid() });

/** What the builder's niche select and buyer list offer: the company's niches and non-archived buyers. */
export const ZFormOptionsSchema = z.object({
  niches: z.array(z.object({ id: z.string(), name: z.string() })),
  buyers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(["pending", "active", "inactive"]),
      nicheId: z.string().nullable(),
    }),
  ),
});
export type TFormOptions = z.infer<typeof ZFormOptionsSchema>;
