import {
  answerEntries,
  answersByLabel,
  extractLeadFields,
  labelledAnswers,
  type TCleanAnswer,
  type TFormField,
} from "@leadpost/shared";
import { lookupZip } from "../../../integrations/geocoding/zip-centroids";

export type TLeadFromSubmission = {
  leadId: string;
  companyId: string;
  formId: string;
  submissionId: string;
  nicheId: string | null;
  saleCap: number;
  fields: readonly TFormField[];
  answers: Record<string, TCleanAnswer>;
  /** A sandbox API key's lead: stored, never routed. */
  isTest?: boolean;
  source?: "form" | "api";
};

/**
 * The lead of a submission as computed in the process (no database): the 001 §7 heuristics over the
 * answers (by label and by field id), the offline zip centroid (filling city and state when the visitor
 * gave none), the form's niche and sale cap. The duplicate flag needs the database: the public accept path sets it
 * in the same statement that stores the lead (accept.ts: accept_submission, db/functions/accept_submission.sql).
 */
export function leadFromSubmission(input: TLeadFromSubmission) {
  const ordered = labelledAnswers(input.fields, input.answers);
  const found = extractLeadFields(answerEntries(input.fields, input.answers));
  const place = lookupZip(found.zipCode);
  return {
    id: input.leadId,
    companyId: input.companyId,
    formId: input.formId,
    submissionId: input.submissionId,
    source: input.source ?? "form",
    isTest: input.isTest ?? false,
    name: found.name,
    email: found.email,
    phone: found.phone,
    city: found.city ?? place?.city ?? null,
    state: found.state ?? place?.state ?? null,
    zipCode: found.zipCode,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    serviceType: found.serviceType,
    nicheId: input.nicheId,
    data: answersByLabel(ordered),
    answers: ordered,
    saleCap: input.saleCap,
  };
}
