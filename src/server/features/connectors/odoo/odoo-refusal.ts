// Odoo's refusals in the person's words (decision 074). Odoo names the Python exception of a
// refusal (`data.name` of a JSON-RPC error, `name` of a JSON-2 error body); its free text, which a
// server that is not Odoo could fill with anything, goes to the log only.
import { outboundPolicy } from '../../../lib/outbound-url.ts';
import { ConnectorError } from '../types.ts';

export const BAD_LOGIN_MESSAGE = 'Odoo rejected the login: check the database name, username and API key';

/**
 * Odoo offers its external API only on Custom plans: "Access to the external API is not available
 * on One App Free or Standard plans" (Odoo 19 "External JSON-2 API" and 17/18 "External API"
 * pages). Reconnecting or another key cannot help.
 */
export const PLAN_MESSAGE =
  'Your Odoo plan does not include the external API (Odoo offers it only on Custom plans, not on One App Free or Standard), so ESG Pilot cannot read your books. Switch the Odoo subscription to a Custom plan, or import your bills from a CSV file instead';

const ACCESS_DENIED = /AccessDenied|SessionExpired|Unauthorized/;
/** Odoo does not document the wording of the plan refusal; these are the words it could use. */
const PLAN_WORDS = /\b(plan|pricing|subscription|one app free|custom plans?)\b/i;

/** Odoo's exception classes (odoo/exceptions.py), in words a person can act on. */
const ODOO_EXCEPTIONS: Record<string, string> = {
  AccessError: 'the Odoo user lacks the access rights this needs (give it Accounting read access)',
  MissingError: 'a record it asked for no longer exists in Odoo',
  UserError: 'Odoo reported a problem with the data it was asked for',
  ValidationError: 'Odoo found the request invalid',
  CacheMiss: 'Odoo could not read a field it was asked for',
};

export interface OdooFault {
  name: string;
  message: string;
}

/**
 * The refusal as a ConnectorError. `loggedIn`: the login was already accepted, so an AccessDenied
 * now is the database refusing the external API itself (the plan), not a wrong login.
 */
export function odooRefusal(
  fault: OdooFault,
  context: { origin: string; database: string; loggedIn: boolean },
) {
  outboundPolicy().log?.warn('Odoo refused a request', {
    origin: context.origin,
    exception: fault.name.slice(0, 200),
    detail: fault.message.slice(0, 500),
  });
  if (PLAN_WORDS.test(fault.message) && /AccessDenied|AccessError|UserError/.test(fault.name)) {
    return new ConnectorError('provider', PLAN_MESSAGE);
  }
  if (ACCESS_DENIED.test(fault.name)) {
    return context.loggedIn
      ? new ConnectorError('provider', PLAN_MESSAGE)
      : new ConnectorError('credentials', BAD_LOGIN_MESSAGE);
  }
  // What Odoo raises for a database it cannot open (psycopg2: "database … does not exist").
  if (/OperationalError$/.test(fault.name)) {
    return new ConnectorError(
      'provider',
      `Odoo cannot open a database named "${context.database}": check the database name`,
    );
  }
  const known = ODOO_EXCEPTIONS[fault.name.replace(/^odoo\.exceptions\./, '')];
  return new ConnectorError('provider', `Odoo refused the request: ${known ?? 'Odoo reported an error'}`);
}
