import { z } from "@hono/zod-openapi";
import {
  FORM_MESSAGES,
  HONEYPOT_FIELD,
  MIN_FILL_TIME_MS,
  ZFormIdParamsSchema,
  ZFormSubmissionResultSchema,
  ZFormSubmissionSchema,
  ZIdempotencyKeySchema,
  ZPublicFormSchema,
} from "@leadpost/shared";
import type { Context } from "hono";
import type { ZodError } from "zod";
import type { TApp, TAppEnv, TDeps } from "../../app-types";
import { apiError, jsonBody, jsonContent } from "../../lib/openapi";
import { clientIp } from "../../plugins/client-ip";
import { defineRoute } from "../../plugins/define-route";
import { errorResponse, zodFieldErrors } from "../../plugins/errors";
import {
  countRefusedSubmission,
  loadPublicForm,
  SubmissionRateLimitedError,
  submitForm,
} from "../lead-distribution";
import { registerEmbedScript } from "./embed-script";
import { toPublicForm } from "./mappers";

const tags = ["Public forms"];
const formGone = apiError(FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED);

const publicFormRoute = defineRoute({
  auth: "public",
  method: "get",
  path: "/api/public/forms/{formId}",
  tags,
  summary: "A published, active form as an anonymous visitor sees it (no login)",
  request: { params: ZFormIdParamsSchema },
  responses: { 200: jsonContent(ZPublicFormSchema, "The form"), 404: formGone },
});

const submitRoute = defineRoute({
  auth: "public",
  method: "post",
  path: "/api/public/forms/{formId}/submissions",
  tags,
  summary:
    "Submit a form (no login). Send an Idempotency-Key: a retry with the same key replays the first answer and creates nothing.",
  description: `Spam defences: the honeypot property \`${HONEYPOT_FIELD}\` must stay empty and \`fillTimeMs\` (measured by the page) must be at least ${MIN_FILL_TIME_MS}; otherwise the submission is stored, flagged and acknowledged, but never becomes a lead.`,
  request: {
    params: ZFormIdParamsSchema,
    headers: z.object({ "idempotency-key": ZIdempotencyKeySchema.optional() }),
    body: jsonBody(ZFormSubmissionSchema),
  },
  responses: {
    201: jsonContent(ZFormSubmissionResultSchema, "Stored and acknowledged (also when replayed)"),
    404: formGone,
    422: apiError(FORM_MESSAGES.INVALID_DATA),
    429: apiError("Too many submissions from this address or into this form"),
  },
});

const SUBMISSION_PATH = /^\/api\/public\/forms\/[^/]+\/submissions$/;

/** The submission route's path (app.ts reads its body the lean way: plugins/node-body.ts). */
export function isPublicSubmissionPath(path: string): boolean {
  return SUBMISSION_PATH.test(path);
}

/**
 * For a public submission refused at the edge (plugins/body-shape.ts): the address's submission limit
 * counts it first, so a flood of refused bodies is answered 429 like a flood of submissions.
 */
export function countRefusedPublicSubmission(deps: TDeps) {
  return async (c: Context<TAppEnv>) => {
    if (!isPublicSubmissionPath(c.req.path)) return;
    try {
      await countRefusedSubmission(deps, clientIp(c, deps.config.trustProxy));
    } catch (err) {
      if (err instanceof SubmissionRateLimitedError) c.header("Retry-After", String(err.retryAfterSeconds));
      throw err;
    }
  };
}

type TValidation = { success: boolean; target: string; error?: ZodError };

/** A malformed id is a form nobody can find (001 §2: 'Form not found or not published'). */
function unknownFormHook(result: TValidation, c: Context<TAppEnv>) {
  if (result.success) return;
  return errorResponse(c, "NOT_FOUND", FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED);
}

/** As above for the id; any other malformed input answers the spec's 422 text with the field errors. */
function submissionHook(result: TValidation, c: Context<TAppEnv>) {
  if (result.success || result.target === "param") return unknownFormHook(result, c);
  const fields = result.error ? zodFieldErrors(result.error) : undefined;
  return errorResponse(c, "VALIDATION_FAILED", FORM_MESSAGES.INVALID_DATA, fields);
}

/** Anonymous visitors: the public form and its submission. Nothing here needs or reads a session. */
export function registerPublicFormRoutes(app: TApp, deps: TDeps) {
  registerEmbedScript(app);
  app.openapi(
    publicFormRoute,
    async (c) => {
      const form = await loadPublicForm(deps.database.db, c.req.valid("param").formId);
      // Unpublishing must take effect at once, so a cached copy is always revalidated.
      c.header("Cache-Control", "no-cache");
      return c.json(toPublicForm(form, form.company), 200);
    },
    unknownFormHook,
  );

  app.openapi(
    submitRoute,
    async (c) => {
      const body = c.req.valid("json");
      try {
        const outcome = await submitForm(deps, {
          formId: c.req.valid("param").formId,
          body,
          idempotencyKey: c.req.valid("header")["idempotency-key"] ?? body.idempotencyKey ?? null,
          ipAddress: clientIp(c, deps.config.trustProxy),
          userAgent: c.req.header("user-agent") ?? null,
          refererHeader: c.req.header("referer") ?? null,
        });
        if (outcome.replayed) c.header("Idempotent-Replayed", "true");
        return c.json(outcome.body, outcome.status);
      } catch (err) {
        if (err instanceof SubmissionRateLimitedError) c.header("Retry-After", String(err.retryAfterSeconds));
        throw err;
      }
    },
    submissionHook,
  );
}
