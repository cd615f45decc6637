import { createHash, randomUUID } from "node:crypto";
import {
  FORM_MESSAGES,
  normalizeFormFields,
  type TFormSubmission,
  type TFormSubmissionResult,
  validateFormAnswers,
} from "@leadpost/shared";
import { and, eq } from "drizzle-orm";
import type { TDeps } from "../../app-types";
import type { Db } from "../../db/client";
import { companies, formSubmissions, forms } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { consumeRateLimit } from "../../plugins/rate-limit";
import { insertLeadFromSubmission } from "../leads";
import { routingLeaseEnd, runRouting } from "./routing-retry";
import { judgeSpam } from "./spam";
import { captureTracking } from "./tracking";

export type TSubmitRequest = {
  formId: string;
  body: TFormSubmission;
  /** From the Idempotency-Key header, else the body. */
  idempotencyKey: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  refererHeader: string | null;
  /** Posted through the lead API: the key's company must own the form; sandbox keys make test leads. */
  apiKey?: { companyId: string; sandbox: boolean };
};

/** What the visitor's page is answered; stored with the submission and replayed verbatim for its key. */
export type TSubmitAnswer = { status: 201; body: TFormSubmissionResult };
export type TSubmitOutcome = TSubmitAnswer & { replayed: boolean };

export class SubmissionRateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      "RATE_LIMITED",
      429,
      FORM_MESSAGES.TOO_MANY_SUBMISSIONS.replace("{seconds}", String(retryAfterSeconds)),
    );
  }
}

const RATE_WINDOW_MS = 60_000;

/**
 * The public submission pipeline (PRODUCT §3): replay a known idempotency key; rate-limit; check the
 * form is published and active and the answers are valid; store the raw submission and, unless it is
 * suspected spam, its lead, in one transaction; only then acknowledge. Routing runs after the commit
 * and can fail without failing the submission (it is retried by retryFailedRouting).
 */
export async function submitForm(
  deps: Pick<TDeps, "database" | "logger" | "config" | "email">,
  req: TSubmitRequest,
): Promise<TSubmitOutcome> {
  const db = deps.database.db;
  const limits = deps.config.formSubmissionLimits;
  if (req.idempotencyKey) {
    const replay = await findAnswer(db, req.formId, req.idempotencyKey, requestHash(req));
    if (replay) return { ...replay, replayed: true };
  }
  if (req.ipAddress) await enforceLimit(db, `form-submit:ip:${req.ipAddress}`, limits.perIpPerMinute);
  const form = await loadPublicForm(db, req.formId);
  if (req.apiKey && req.apiKey.companyId !== form.companyId) {
    throw new AppError("NOT_FOUND", 404, FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED);
  }
  const isTest = req.apiKey?.sandbox === true;
  await enforceLimit(db, `form-submit:form:${form.id}`, limits.perFormPerMinute);

  const fields = normalizeFormFields(form.fields);
  const check = validateFormAnswers(fields, req.body.formData);
  if (!check.ok) throw new AppError("VALIDATION_FAILED", 422, FORM_MESSAGES.INVALID_DATA, check.errors);

  // An API key is the caller's identity: its posts skip the visitor heuristics (fill time, honeypot).
  const spam = req.apiKey ? { isSpam: false, reason: null } : judgeSpam(req.body);
  const tracking = captureTracking(req.body.tracking, req.refererHeader);
  const now = new Date();
  const submissionId = randomUUID();
  // A spam submission gets no lead; its answer still carries a lead id (never stored) so that it
  // looks exactly like an accepted one to whoever sent it.
  const leadId = randomUUID();
  const answer: TSubmitAnswer = {
    status: 201,
    body: {
      success: true,
      leadId,
      submissionId,
      message: FORM_MESSAGES.SUBMITTED,
      successMessage: form.successMessage,
      redirectUrl: form.redirectBehavior === "redirect" ? form.redirectUrl : null,
    },
  };

  const replayed = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(formSubmissions)
      .values({
        id: submissionId,
        companyId: form.companyId,
        formId: form.id,
        data: req.body.formData,
        idempotencyKey: req.idempotencyKey,
        requestHash: req.idempotencyKey ? requestHash(req) : null,
        response: answer,
        ipAddress: req.ipAddress,
        userAgent: req.userAgent?.slice(0, 1000) ?? null,
        ...tracking,
        consent: form.consentText
          ? { text: form.consentText, at: now.toISOString(), ip: req.ipAddress, page: tracking.landingPage }
          : null,
        fillTimeMs:
          req.body.fillTimeMs === undefined ? null : Math.min(Math.round(req.body.fillTimeMs), 2_147_483_647),
        isSpam: spam.isSpam,
        spamReason: spam.reason,
        leadId: spam.isSpam ? null : leadId,
        routingStatus: spam.isSpam || isTest ? "skipped" : "pending",
        // The inline routing run is attempt 1; its lease brings the submission back if this server dies.
        routingAttempts: spam.isSpam || isTest ? 0 : 1,
        routingNextAttemptAt: spam.isSpam || isTest ? null : routingLeaseEnd(now.getTime()),
        createdAt: now,
      })
      // Same key racing: PostgreSQL makes this insert wait for the first one's transaction, then skip.
      .onConflictDoNothing({ target: [formSubmissions.formId, formSubmissions.idempotencyKey] })
      .returning({ id: formSubmissions.id });
    if (inserted.length === 0) {
      const first = req.idempotencyKey
        ? await findAnswer(tx, form.id, req.idempotencyKey, requestHash(req))
        : null;
      if (!first) throw new Error("submission insert skipped without an earlier answer to replay");
      return first;
    }
    if (!spam.isSpam) {
      await insertLeadFromSubmission(tx, {
        leadId,
        companyId: form.companyId,
        formId: form.id,
        submissionId,
        nicheId: form.nicheId,
        saleCap: form.saleCap,
        duplicateWindowDays: form.duplicateWindowDays,
        fields,
        answers: check.answers,
        isTest,
        source: req.apiKey ? "api" : "form",
      });
    }
    return null;
  });
  if (replayed) return { ...replayed, replayed: true };

  if (!spam.isSpam && !isTest) await runRouting(deps, { submissionId, leadId, attempts: 1 });
  return { ...answer, replayed: false };
}

/** The whole request a key stands for: the form and the body as sent. */
function requestHash(req: TSubmitRequest): string {
  return createHash("sha256").update(req.formId).update("\n").update(JSON.stringify(req.body)).digest("hex");
}

async function findAnswer(
  db: Db,
  formId: string,
  idempotencyKey: string,
  hash: string,
): Promise<TSubmitAnswer | null> {
  const [row] = await db
    .select({ response: formSubmissions.response, requestHash: formSubmissions.requestHash })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.idempotencyKey, idempotencyKey)));
  // Submissions stored before hashes were kept have none and replay as before.
  if (row?.requestHash && row.requestHash !== hash) {
    throw new AppError("IDEMPOTENCY_KEY_REUSED", 409, "Idempotency key reused with a different request");
  }
  return (row?.response as TSubmitAnswer | undefined) ?? null;
}

async function enforceLimit(db: Db, key: string, max: number) {
  const { allowed, retryAfterSeconds } = await consumeRateLimit(db, key, RATE_WINDOW_MS, max);
  if (!allowed) throw new SubmissionRateLimitedError(retryAfterSeconds);
}

/** The form as the public may use it: published and active, else 'Form not found or not published'. */
export async function loadPublicForm(db: Db, formId: string) {
  const [row] = await db
    .select({
      form: forms,
      company: {
        name: companies.name,
        logoUrl: companies.logoUrl,
        duplicateWindowDays: companies.duplicateWindowDays,
      },
    })
    .from(forms)
    .innerJoin(companies, eq(companies.id, forms.companyId))
    .where(and(eq(forms.id, formId), eq(forms.status, "published"), eq(forms.isActive, true)));
  if (!row) throw new AppError("NOT_FOUND", 404, FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED);
  return {
    ...row.form,
    duplicateWindowDays: row.company.duplicateWindowDays,
    company: { name: row.company.name, logoUrl: row.company.logoUrl },
  };
}
