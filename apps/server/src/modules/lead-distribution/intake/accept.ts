import { createHash, randomUUID } from "node:crypto";
import {
  FORM_MESSAGES,
  keyAnswersByFieldId,
  type TFormSubmission,
  type TFormSubmissionResult,
  validateFormAnswers,
} from "@leadpost/shared";
import { and, eq, sql } from "drizzle-orm";
import type { TDeps } from "../../../app-types";
import type { Db } from "../../../db/client";
import { col, queryRows, rowOf } from "../../../db/raw";
import { rowJson } from "../../../db/row-json";
import { formSubmissions, leads } from "../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { consumeRateLimit } from "../../../plugins/rate-limit";
import { wakeRoutingWorkers } from "../worker/routing-worker";
import { cachedPublicForm, type TCachedForm } from "./form-cache";
import { leadFromSubmission } from "./lead-of-submission";
import { type LocalFirstLimits, submissionLimitsOf, type TLocalVerdict } from "./local-limit";
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
    super("RATE_LIMITED", FORM_MESSAGES.TOO_MANY_SUBMISSIONS.replace("{seconds}", String(retryAfterSeconds)));
  }
}

const RATE_WINDOW_MS = 60_000;
const keyReused = () =>
  new AppError("IDEMPOTENCY_KEY_REUSED", "Idempotency key reused with a different request");
const formGone = () => new AppError("NOT_FOUND", FORM_MESSAGES.NOT_FOUND_OR_UNPUBLISHED);

type TSubmitDeps = Pick<TDeps, "database" | "config">;
type TAcceptResult =
  | { kind: "stored"; lead: boolean }
  | { kind: "replay"; response: TSubmitAnswer }
  | { kind: "conflict" }
  | { kind: "not_found" }
  | { kind: "rate_limited"; window_start: number };

/**
 * The public submission pipeline (PRODUCT §3), in one round trip for an accepted submission: the form
 * comes from a short-lived cache and the answers are validated in the process; then one statement
 * (accept_submission, apps/server/db/functions/accept_submission.sql) replays a known idempotency key, counts both rate limits,
 * re-checks the form is published, and stores the raw submission and, unless it is spam, its lead
 * with the duplicate flag. The lead waits as routing "pending" for the routing worker, woken here;
 * the visitor's answer never waits for routing.
 */
export async function submitForm(deps: TSubmitDeps, req: TSubmitRequest): Promise<TSubmitOutcome> {
  const db = deps.database.db;
  const hash = requestHash(req);
  let form: TCachedForm;
  try {
    form = await cachedPublicForm(db, req.formId);
  } catch (err) {
    return refuse(deps, req, hash, null, err);
  }
  if (req.apiKey && req.apiKey.companyId !== form.companyId) return refuse(deps, req, hash, null, formGone());
  // The Lead API may name answers by label as well as by field id.
  let formData = req.body.formData;
  if (req.apiKey) {
    const keyed = keyAnswersByFieldId(form.normalizedFields, formData);
    if (!keyed.ok) {
      const ambiguous = new AppError("VALIDATION_FAILED", FORM_MESSAGES.INVALID_DATA, keyed.errors);
      return refuse(deps, req, hash, form.id, ambiguous);
    }
    formData = keyed.formData as typeof formData;
  }
  const check = validateFormAnswers(form.normalizedFields, formData);
  if (!check.ok) {
    const invalid = new AppError("VALIDATION_FAILED", FORM_MESSAGES.INVALID_DATA, check.errors);
    return refuse(deps, req, hash, form.id, invalid);
  }

  const isTest = req.apiKey?.sandbox === true;
  // An API key is the caller's identity: its posts skip the visitor heuristics (fill time, honeypot).
  const spam = req.apiKey ? { isSpam: false, reason: null } : judgeSpam(req.body);
  const tracking = captureTracking(req.body.tracking, req.refererHeader);
  const now = Date.now();
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
  const lead = spam.isSpam
    ? null
    : leadFromSubmission({
        leadId,
        companyId: form.companyId,
        formId: form.id,
        submissionId,
        nicheId: form.nicheId,
        saleCap: form.saleCap,
        fields: form.normalizedFields,
        answers: check.answers,
        isTest,
        source: req.apiKey ? "api" : "form",
      });
  // Both limits are counted in this process first; the statement counts only what needs the shared
  // counter (intake/local-limit.ts). A hit over the limit here is still a replay when its key is known.
  const counted = countLocally(deps, req.ipAddress, form.id, now);
  if (counted.refused) {
    const replay = req.idempotencyKey ? await findAnswer(db, req.formId, req.idempotencyKey, hash) : null;
    if (!replay) throw new SubmissionRateLimitedError(counted.refused.retryAfterSeconds);
    counted.undo();
    return { ...replay, replayed: true };
  }
  const params = {
    form_id: form.id,
    company_id: form.companyId,
    idempotency_key: req.idempotencyKey,
    request_hash: req.idempotencyKey ? hash : null,
    now_ms: now,
    window_ms: RATE_WINDOW_MS,
    ip_key: counted.ip.kind === "shared" ? ipKey(req.ipAddress) : null,
    ip_max: counted.ip.kind === "shared" ? counted.ip.max : null,
    form_key: counted.form.kind === "shared" ? formKey(form.id) : null,
    form_max: counted.form.kind === "shared" ? counted.form.max : null,
    submission_id: submissionId,
    lead_id: leadId,
    data: req.body.formData,
    response: answer,
    ip_address: req.ipAddress,
    user_agent: req.userAgent?.slice(0, 1000) ?? null,
    referrer: tracking.referrer,
    landing_page: tracking.landingPage,
    utm: tracking.utm,
    click_ids: tracking.clickIds,
    consent: form.consentText
      ? {
          text: form.consentText,
          at: new Date(now).toISOString(),
          ip: req.ipAddress,
          page: tracking.landingPage,
        }
      : null,
    fill_time_ms:
      req.body.fillTimeMs === undefined ? null : Math.min(Math.round(req.body.fillTimeMs), 2_147_483_647),
    is_spam: spam.isSpam,
    spam_reason: spam.reason,
    routing_status: spam.isSpam || isTest ? "skipped" : "pending",
    lead: lead && acceptLeadJson(lead),
  };
  const result = await accept(db, params);
  switch (result.kind) {
    case "replay":
      counted.undo();
      return { ...result.response, replayed: true };
    case "conflict":
      throw keyReused();
    case "not_found":
      throw formGone();
    case "rate_limited":
      throw new SubmissionRateLimitedError(retryAfter(result.window_start, now));
    case "stored":
      if (lead && !isTest) wakeRoutingWorkers();
      return { ...answer, replayed: false };
  }
}

const ipKey = (ip: string | null) => (ip ? `form-submit:ip:${ip}` : null);
const formKey = (formId: string) => `form-submit:form:${formId}`;
const limitsOf = (deps: Pick<TDeps, "config">): LocalFirstLimits =>
  submissionLimitsOf(deps.config, RATE_WINDOW_MS);

/** One hit of the address and of the form on this instance's counters (the address first, as always). */
function countLocally(deps: Pick<TDeps, "config">, ip: string | null, formId: string, now: number) {
  const limits = limitsOf(deps);
  const max = deps.config.formSubmissionLimits;
  const address = ipKey(ip);
  const ipVerdict: TLocalVerdict = address ? limits.hit(address, max.perIpPerMinute, now) : { kind: "local" };
  const formVerdict: TLocalVerdict =
    ipVerdict.kind === "refused" ? { kind: "local" } : limits.hit(formKey(formId), max.perFormPerMinute, now);
  const refused =
    ipVerdict.kind === "refused" ? ipVerdict : formVerdict.kind === "refused" ? formVerdict : null;
  return {
    ip: ipVerdict,
    form: formVerdict,
    refused,
    /** A replay is not a new submission: its hits are taken back. */
    undo() {
      if (address) limits.undo(address);
      if (ipVerdict.kind !== "refused") limits.undo(formKey(formId));
    },
  };
}

const ACCEPT_KINDS = ["stored", "replay", "conflict", "not_found", "rate_limited"] as const;

/** accept_submission's answer (json, or its text where the driver does not parse json), by its kind. */
function acceptResultOf(value: unknown): TAcceptResult {
  const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
  if (isAcceptResult(parsed)) return parsed;
  throw new Error("accept_submission answered an unknown result");
}

const isAcceptResult = (v: unknown): v is TAcceptResult =>
  typeof v === "object" && v !== null && "kind" in v && ACCEPT_KINDS.some((kind) => kind === v.kind);

/**
 * The lead as accept_submission reads it (`v_lead->>'zip_code'`): its columns keyed by their names in the
 * leads table, so a renamed column renames its key; the ids travel beside it (lead_id, submission_id…).
 * test/lead-shape.test.ts checks the function's insert reads exactly these keys into the same-named columns.
 */
export function acceptLeadJson(lead: ReturnType<typeof leadFromSubmission>): Record<string, unknown> {
  const { id: _id, companyId: _companyId, formId: _formId, submissionId: _submissionId, ...columns } = lead;
  return rowJson(leads, columns);
}

async function accept(db: Db, params: object): Promise<TAcceptResult> {
  const [row] = await queryRows(
    db,
    rowOf({ r: col.json }),
    sql`select accept_submission(${JSON.stringify(params)}::jsonb) as r`,
  );
  if (!row) throw new Error("accept_submission returned no row");
  return acceptResultOf(row.r);
}

/**
 * A submission refused before the accept statement (unknown form, invalid answers) is checked in the
 * order the pipeline always used: a known key replays, then the limits count it, then the refusal.
 * Not the hot path, so it may take a few statements.
 */
async function refuse(
  deps: TSubmitDeps,
  req: TSubmitRequest,
  hash: string,
  formId: string | null,
  err: unknown,
): Promise<TSubmitOutcome> {
  const db = deps.database.db;
  const limits = deps.config.formSubmissionLimits;
  if (req.idempotencyKey) {
    const replay = await findAnswer(db, req.formId, req.idempotencyKey, hash);
    if (replay) return { ...replay, replayed: true };
  }
  if (req.ipAddress) await enforceLimit(deps, ipKey(req.ipAddress), limits.perIpPerMinute);
  if (formId) await enforceFormLimit(deps, formId, limits.perFormPerMinute);
  throw err;
}

/** The whole request a key stands for: the form and the body as sent. */
function requestHash(req: TSubmitRequest): string {
  return createHash("sha256").update(req.formId).update("\n").update(JSON.stringify(req.body)).digest("hex");
}

const retryAfter = (windowStart: number, now: number) =>
  Math.max(1, Math.ceil((windowStart + RATE_WINDOW_MS - now) / 1000));

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
  if (row?.requestHash && row.requestHash !== hash) throw keyReused();
  return (row?.response as TSubmitAnswer | undefined) ?? null;
}

/**
 * The form's limit: this instance's count first, then its 32 shared counters (form_limit_hit,
 * db/functions/form_limit_hit.sql), as the accept statement does.
 */
async function enforceFormLimit(deps: TSubmitDeps, formId: string, max: number) {
  const now = Date.now();
  const verdict = limitsOf(deps).hit(formKey(formId), max, now);
  if (verdict.kind === "refused") throw new SubmissionRateLimitedError(verdict.retryAfterSeconds);
  if (verdict.kind === "local") return;
  const [row] = await queryRows(
    deps.database.db,
    rowOf({ hits: col.number, window_start: col.numberOrText }),
    sql`select hits, window_start from form_limit_hit(${formKey(formId)}, ${now}, ${RATE_WINDOW_MS})`,
  );
  if (row && row.hits > verdict.max) {
    throw new SubmissionRateLimitedError(retryAfter(Number(row.window_start), now));
  }
}

/**
 * A submission refused at the edge, before its form is looked at (a body too deep or too big:
 * plugins/body-shape.ts), counts against its address's limit like any other refusal: over it, the
 * answer is 429.
 */
export async function countRefusedSubmission(
  deps: Pick<TDeps, "database" | "config">,
  ipAddress: string | null,
): Promise<void> {
  if (!ipAddress) return;
  const limit = deps.config.formSubmissionLimits.perIpPerMinute;
  await enforceLimit(deps, ipKey(ipAddress), limit);
}

/** An address's limit: this instance's count first, the shared counter past its own share. */
async function enforceLimit(deps: TSubmitDeps, key: string | null, max: number) {
  if (!key) return;
  const verdict = limitsOf(deps).hit(key, max);
  if (verdict.kind === "refused") throw new SubmissionRateLimitedError(verdict.retryAfterSeconds);
  if (verdict.kind === "local") return;
  const { allowed, retryAfterSeconds } = await consumeRateLimit(
    deps.database.db,
    key,
    RATE_WINDOW_MS,
    verdict.max,
  );
  if (!allowed) throw new SubmissionRateLimitedError(retryAfterSeconds);
}
