import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import type { Config } from '../../src/server/config.ts';
import type { ServiceContext } from '../../src/server/context.ts';
import { openAccount } from '../../src/server/features/auth/service.ts';
import { submitFeedback } from '../../src/server/features/support/service.ts';
import type { Logger } from '../../src/server/lib/logger.ts';
import { hashPassword } from '../../src/server/lib/password.ts';
import type { Db } from '../client.ts';
import { memberships, users } from '../schema/auth.ts';
import { feedback } from '../schema/support.ts';
import { seedDemoAnalytics } from './demo-analytics.ts';
import { seedDemoChecklist } from './demo-esg.ts';
import { seedDemoLedger } from './demo-ledger.ts';

export const DEMO_EMAIL = 'demo@esg-pilot.example';

/**
 * `npm run demo`: a filled company for a first look. Runs through the same services as the app,
 * so its rows carry audit entries like any other. A fresh random password is set on every run and
 * printed once; a demo account never has a password anyone could guess.
 */
export async function seedDemoCompany(db: Db, config: Config, log: Logger) {
  const password = `demo-${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(8)))}`;
  const ctx: ServiceContext = { db, config, log, requestId: 'demo-seed', ip: null, now: () => new Date() };
  const companyName = 'Northwind Bakery Ltd';
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL)).get();
  if (existing) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, existing.id));
    const membership = await db
      .select({ companyId: memberships.companyId, role: memberships.role })
      .from(memberships)
      .where(eq(memberships.userId, existing.id))
      .get();
    // A demo made before the ledger existed gets its year of activity now (a no-op otherwise).
    if (membership) {
      const authed = { ...ctx, userId: existing.id, sessionId: 'demo-seed', ...membership };
      await seedDemoLedger(authed);
      await seedDemoChecklist(authed);
      await seedDemoAnalytics(authed);
    }
    return { email: DEMO_EMAIL, password, companyName };
  }
  // Opened directly, not through sign-up: the operator seeds it, so no emailed link is needed.
  const session = await openAccount(
    ctx,
    {
      firstName: 'Dana',
      lastName: 'Whitfield',
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(password),
      companyName,
      jurisdiction: 'SECR',
    },
    { userAgent: 'demo-seed' },
  );
  const authed = { ...ctx, ...session.principal };
  const question = await submitFeedback(authed, {
    type: 'support',
    subject: 'Which electricity factor applies to our Bristol bakery?',
    message: 'We buy a renewable tariff. Should the report use the UK grid average or our supplier figure?',
  });
  await db
    .update(feedback)
    .set({
      status: 'resolved',
      adminResponse:
        'Both: SECR asks for location-based scope 2 (UK grid average). Record your tariff as a contractual instrument and the market-based figure will use your supplier factor.',
    })
    .where(eq(feedback.id, question.id));
  await submitFeedback(authed, {
    type: 'feature',
    subject: 'Import delivery van mileage from our telematics CSV',
    message:
      'Our vans log kilometres per day; a CSV import template for vehicle km would save us a lot of typing.',
  });
  const ledger = await seedDemoLedger(authed);
  await seedDemoChecklist(authed);
  await seedDemoAnalytics(authed);
  const role = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, session.principal.userId))
    .get();
  log.info('demo company created', { company: companyName, role: role?.role, ledgerLines: ledger.lines });
  return { email: DEMO_EMAIL, password, companyName };
}
