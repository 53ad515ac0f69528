// The edge-cache decision (docs/product/2-sign-in-notices-cache-routing.md §4.7): the rules of
// rules.ts combined. A page is cacheable only when every rule allows it. The decision records which
// rule decided:
//   - a disabling rule that fired always wins (spec: "a disabled result from any rule wins"),
//   - otherwise the first requirement that failed, in REQUEST_RULES order,
//   - otherwise a subject rule (the controller failed or found nothing),
//   - otherwise a response rule (not a 200, or it sets a cookie),
//   - otherwise "all_rules_passed".
// It also keeps every rule that said no, for the log line.
import {
  REQUEST_RULES,
  responseRules,
  SUBJECT_RULES,
  type RequestFacts,
  type RuleKind,
  type RuleName,
  type RuleResult,
  type SubjectFacts,
} from './rules.ts';

export const ALL_RULES_PASSED = 'all_rules_passed';

export interface CacheDecision {
  cacheable: boolean;
  rule: RuleName | typeof ALL_RULES_PASSED;
  /** Every rule that did not allow caching, in evaluation order. */
  failed: RuleName[];
}

const PRECEDENCE: readonly RuleKind[] = ['disabling', 'requirement', 'subject', 'response'];

export function combineRules(results: readonly RuleResult[]): CacheDecision {
  const refusals = results.filter((r) => !r.allows);
  for (const kind of PRECEDENCE) {
    const first = refusals.find((r) => r.kind === kind);
    if (first) return { cacheable: false, rule: first.rule, failed: refusals.map((r) => r.rule) };
  }
  return { cacheable: true, rule: ALL_RULES_PASSED, failed: [] };
}

function requestResults(facts: RequestFacts): RuleResult[] {
  return REQUEST_RULES.map((rule) => rule(facts));
}

/** The decision from what the request alone tells: whether the stored copy may be looked up. */
export function decideRequest(facts: RequestFacts): CacheDecision {
  return combineRules(requestResults(facts));
}

/** The full decision, once the page's cache controller has answered. */
export function decidePage(facts: RequestFacts, subject: SubjectFacts): CacheDecision {
  return combineRules([...requestResults(facts), ...SUBJECT_RULES.map((rule) => rule(subject, facts))]);
}

/** The decision once the page is rendered: a response that may not be stored is not cached. */
export function decideResponse(facts: RequestFacts, subject: SubjectFacts, rendered: Response): CacheDecision {
  return combineRules([
    ...requestResults(facts),
    ...SUBJECT_RULES.map((rule) => rule(subject, facts)),
    ...responseRules(rendered),
  ]);
}
