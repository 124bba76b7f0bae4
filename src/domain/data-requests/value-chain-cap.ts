// The VSME value-chain cap applied to a request (issue 22 item 3, decision 077). The rule, its
// source and its date live in the EU rule pack (esg/rule-packs/value-chain-cap.ts); this file
// decides whether it applies to a company and words the decline.
import type { DeclineDraft, ValueChainCap } from '../contracts/data-requests.ts';
import { VALUE_CHAIN_CAP, type ValueChainCapRule } from '../esg/rule-packs/value-chain-cap.ts';

/** Whether the cap protects a company with `employees` (null: not recorded, so we cannot say). */
export function valueChainCap(
  employees: number | null,
  rule: ValueChainCapRule = VALUE_CHAIN_CAP,
): ValueChainCap {
  const limit = rule.maxEmployees.toLocaleString('en-GB');
  const applies = employees !== null && employees <= rule.maxEmployees;
  let reason: string;
  if (employees === null)
    reason = `Record your number of employees to know whether the value-chain cap of ${rule.rule} (${limit} employees or fewer) protects you.`;
  else if (applies)
    reason = `With ${employees.toLocaleString('en-GB')} employees (${limit} or fewer), you may decline what goes beyond the VSME under ${rule.rule}.`;
  else
    reason = `With ${employees.toLocaleString('en-GB')} employees (more than ${limit}), the value-chain cap of ${rule.rule} does not apply.`;
  return {
    applies,
    employees,
    maxEmployees: rule.maxEmployees,
    rule: rule.rule,
    reason,
    asOf: rule.asOf,
    sources: rule.sources.map((source) => ({ ...source })),
  };
}

/**
 * An item beyond the VSME datapoints is beyond the cap only where the cap applies; a question the
 * product does not know is never called beyond it (it cannot tell).
 */
export function isBeyondCap(
  item: { isVsmeDatapoint: boolean; isUnknownQuestion?: true },
  cap: Pick<ValueChainCap, 'applies'>,
): boolean {
  return cap.applies && !item.isVsmeDatapoint && !item.isUnknownQuestion;
}

export interface DeclineDraftInput {
  companyName: string;
  requesterName: string;
  period: string;
  /** The items beyond the cap: key and question. */
  items: { key: string; question: string }[];
  /** The rule to cite; default the EU pack's. */
  rule?: ValueChainCapRule;
}

/** A polite decline of the items beyond the cap, citing the rule (the person edits it before sending). */
export function declineDraft(input: DeclineDraftInput): DeclineDraft {
  const rule = input.rule ?? VALUE_CHAIN_CAP;
  const list = input.items.map((item) => `- ${item.question}`).join('\n');
  const body = [
    `Dear ${input.requesterName},`,
    '',
    `Thank you for your request for sustainability information for ${input.period}. We are glad to share the information the voluntary standard for SMEs (VSME) covers, and will send it separately.`,
    '',
    `${rule.statement} As a company within that limit, we respectfully decline the following ${input.items.length === 1 ? 'item, which goes' : 'items, which go'} beyond the VSME:`,
    '',
    list,
    '',
    'We hope the VSME information meets your needs, and are happy to talk about it.',
    '',
    'Kind regards,',
    input.companyName,
  ].join('\n');
  return {
    subject: `Your sustainability information request for ${input.period}`,
    body,
    keys: input.items.map((item) => item.key),
    rule: rule.rule,
    sources: rule.sources.map((source) => ({ ...source })),
  };
}
