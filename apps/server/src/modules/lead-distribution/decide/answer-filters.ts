import { failedLeadFilter, leadFilterSkipReason } from "@leadpost/shared";
import { type SQL, sql } from "drizzle-orm";
import type { TEligibilityFacts, TEligibilitySqlInputs } from "./eligibility";

/**
 * The eligibility rule "filter" (decide/eligibility.ts): every filter of the buyer holds on the lead's
 * answers, by the rules of domain/lead-filters.ts. A lead that does not answer a filter's field passes
 * that filter; "is" and "one of" want one of the values, "is not" none of them; an answer compares as
 * its text (a list of choices by each element; a yes/no as "true"/"false").
 */
export const passesAnswerFilters = ({ buyer, lead }: TEligibilityFacts): boolean =>
  failedLeadFilter(buyer.leadFilters, lead.answers) === undefined;

export const answerFiltersSkipReason = ({ buyer, lead }: TEligibilityFacts): string => {
  const failed = failedLeadFilter(buyer.leadFilters, lead.answers);
  return failed ? leadFilterSkipReason(failed, lead.answers) : "Matched";
};

/**
 * The same in SQL: no filter of the buyer whose field the lead answers (its first answer to it, not
 * null) fails. A filter fails when "whether some answer text is one of its values" equals "it is an
 * is-not filter".
 */
export function answerFiltersSql({ buyer, lead }: TEligibilitySqlInputs): SQL {
  const answers = sql`(case when jsonb_typeof(${lead.answers}) = 'array' then ${lead.answers} else '[]'::jsonb end)`;
  // A buyer without filters (most) is decided before the subquery: it ran for every candidate.
  return sql`(${buyer.leadFilters} is null or ${buyer.leadFilters} = '[]'::jsonb or not exists (
    select 1
      from jsonb_array_elements(coalesce(${buyer.leadFilters}, '[]'::jsonb)) lf
      cross join lateral (
        select la.a -> 'value' as v
          from jsonb_array_elements(${answers}) with ordinality la(a, n)
         where la.a ->> 'fieldId' = lf ->> 'fieldId'
         order by la.n limit 1) ans
     where jsonb_typeof(ans.v) <> 'null'
       and ((lf ->> 'operator') = 'is_not') = exists (
             select 1
               from jsonb_array_elements(case when jsonb_typeof(ans.v) = 'array' then ans.v
                                              else jsonb_build_array(ans.v) end) e
              where jsonb_typeof(e) in ('string', 'number', 'boolean')
                and (e #>> '{}') in (select jsonb_array_elements_text(lf -> 'values')))))`;
}
