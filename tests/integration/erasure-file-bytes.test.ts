import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { and, eq, inArray, or } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/audit.ts';
import { emailChangeRequests, memberships } from '../../db/schema/auth.ts';
import { rateLimits } from '../../db/schema/security.ts';
import { erasedPseudonym } from '../../src/domain/audit/chain.ts';
import { auditInsert } from '../../src/server/features/audit/service.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
import { createTestApp, sessionCookieFrom } from '../helpers/test-app.ts';

const t = await createTestApp();
const databaseFile = t.config.DATABASE_URL.slice('file:'.length);

/** The database file and its write-ahead log, as bytes on disk. */
function fileBytes(): Buffer {
  const parts = [readFileSync(databaseFile)];
  if (existsSync(`${databaseFile}-wal`)) parts.push(readFileSync(`${databaseFile}-wal`));
  return Buffer.concat(parts);
}

/** Which of `needles` occur in the bytes, as UTF-8, in any letter case. */
function occurring(bytes: Buffer, needles: string[]): string[] {
  const lower = Buffer.from(bytes.toString('latin1').toLowerCase(), 'latin1');
  return needles.filter((needle) => lower.includes(Buffer.from(needle.toLowerCase(), 'utf8')));
}

describe('erasure leaves no personal data in the database file (decision 043)', () => {
  test("the deleted person's email, names, typed text and id are in neither the file nor its log", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const person = {
      firstName: `Zephyrine${tag}`,
      lastName: `Quillfeather${tag}`,
      email: `zq.${tag}@example.com`,
    };
    const feedbackText = `Wobblewick feedback ${tag}: the boiler in the annex is ours`;
    const siteName = `Brambleholt Depot ${tag}`;
    const keepers = await t.signUpCompany({ companyName: 'Keepers Ltd' });
    const keepersId = keepers.user.companyId as string;
    const own = await t.signUpCompany({ ...person, companyName: `Solo ${tag}` });
    const personId = own.user.id as string;

    // Typed text in their own company (deleted with them).
    expect(
      (await t.call('POST', '/api/sites', { cookie: own.cookie, body: { name: siteName, country: 'GB' } }))
        .status,
    ).toBe(201);
    // A member of Keepers too: they act there and an admin acts on them.
    await t.db.insert(memberships).values({ userId: personId, companyId: keepersId, role: 'member' });
    const switched = await t.call('POST', '/api/auth/switch-company', {
      cookie: own.cookie,
      body: { companyId: keepersId },
    });
    expect(switched.status).toBe(200);
    const inKeepers = sessionCookieFrom(switched.headers) ?? own.cookie;
    const sent = await t.call('POST', '/api/support/feedback', {
      cookie: inKeepers,
      body: { subject: `Annex ${tag}`, message: feedbackText },
    });
    expect(sent.status).toBe(201);
    // An admin's entry about them (as a profile change or a removal names its person).
    await auditInsert(
      {
        db: t.db,
        config: t.config,
        log: createLogger('silent'),
        requestId: 'r-test',
        ip: null,
        now: () => new Date(),
      },
      {
        companyId: keepersId,
        userId: keepers.user.id,
        action: 'member_reviewed',
        entityType: 'user',
        entityId: personId,
      },
    );
    // A pending change to a new address (the email change feature's own row).
    const newEmail = `zq.next.${tag}@example.com`;
    await t.db.insert(emailChangeRequests).values({
      userId: personId,
      newEmail,
      tokenHash: `hash-${tag}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    // A failed sign-in leaves counters keyed by the email.
    expect(
      (await t.call('POST', '/api/auth/signin', { body: { email: person.email, password: 'wrong one!' } }))
        .status,
    ).toBe(401);
    // Keepers' chain is sealed and checkpointed before the erasure touches its entries.
    expect((await t.call('GET', '/api/audit-logs/verify', { cookie: keepers.cookie })).json.valid).toBe(true);
    const needles = [
      person.email,
      newEmail,
      person.firstName,
      person.lastName,
      feedbackText,
      siteName,
      personId,
    ];
    expect(occurring(fileBytes(), needles)).toEqual(needles);

    const erased = await t.call('DELETE', '/api/gdpr/delete-account', {
      cookie: inKeepers,
      body: { confirmed: true },
    });
    expect(erased.status).toBe(200);

    expect(occurring(fileBytes(), needles)).toEqual([]);
    // Keepers' log names them by pseudonym only, and its chain still verifies.
    const naming = await t.db
      .select({ seq: auditLogs.seq })
      .from(auditLogs)
      .where(
        and(eq(auditLogs.companyId, keepersId), eq(auditLogs.entityId, erasedPseudonym(keepersId, personId))),
      );
    expect(naming.length).toBe(2);
    const stillNamed = await t.db
      .select({ seq: auditLogs.seq })
      .from(auditLogs)
      .where(or(eq(auditLogs.userId, personId), eq(auditLogs.entityId, personId)));
    expect(stillNamed).toEqual([]);
    const verification = await t.call('GET', '/api/audit-logs/verify', { cookie: keepers.cookie });
    expect(verification.json).toMatchObject({ valid: true, problem: null });
  });

  test("removes rate-limit counters naming the person's email or id, and keeps a longer email's", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `ana_${tag}@example.com`;
    const own = await t.signUpCompany({ email, companyName: `Counters ${tag}` });
    const keys = [
      `sign-in-email:${email}`,
      `sign-in-email:${email.toUpperCase()}:198.51.100.7`,
      `switch-company-user:${own.user.id}`,
      `sign-in-email:bob.${email}`,
      `sign-in-email:anaX${tag}@example.com`,
    ];
    await t.db
      .insert(rateLimits)
      .values(keys.map((key) => ({ key, count: 3, resetAt: Date.now() + 60_000 })));
    const erased = await t.call('DELETE', '/api/gdpr/delete-account', {
      cookie: own.cookie,
      body: { confirmed: true },
    });
    expect(erased.status).toBe(200);
    const left = await t.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, keys));
    expect(left.map((row) => row.key).sort()).toEqual([
      `sign-in-email:anaX${tag}@example.com`,
      `sign-in-email:bob.${email}`,
    ]);
  });
});
