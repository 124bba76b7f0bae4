// The VSME value-chain cap, dated and sourced like the rest of the EU pack (csrd-vsme-status.ts):
// under Directive (EU) 2026/470 (Omnibus I, in force 18 Mar 2026) an undertaking with 1,000
// employees or fewer may decline information requests from customers, banks or investors that go
// beyond the voluntary standard (VSME). The data-requests feature reads it (decision 077).
import type { Source } from '../types.ts';
import { EU_FACTS_AS_OF, EU_SOURCES } from './csrd-vsme-status.ts';

export interface ValueChainCapRule {
  /** The act that sets the cap. */
  rule: string;
  /** Companies with at most this many employees may decline requests beyond the standard. */
  maxEmployees: number;
  /** What the cap protects, in words a request's recipient can quote. */
  statement: string;
  /** `YYYY-MM-DD`: when this was last checked against its sources. */
  asOf: string;
  sources: Source[];
}

export const VALUE_CHAIN_CAP: ValueChainCapRule = {
  rule: 'Directive (EU) 2026/470',
  maxEmployees: 1000,
  statement:
    'Under Directive (EU) 2026/470, a company with 1,000 employees or fewer may decline requests for sustainability information that go beyond the voluntary standard for SMEs (VSME).',
  asOf: EU_FACTS_AS_OF,
  sources: [EU_SOURCES.omnibusDirective, EU_SOURCES.valueChainCap, EU_SOURCES.valueChainCapAdoption],
};
