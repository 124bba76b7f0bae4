import { and, count, eq, gte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client.ts';
import { analyticsEvents, analyticsPageViews, analyticsSessions } from '../../../../db/schema/analytics.ts';
import { apiKeys } from '../../../../db/schema/api-keys.ts';
import { auditLogs } from '../../../../db/schema/audit.ts';
import { companies, memberships, oauthAccounts, sessions, users } from '../../../../db/schema/auth.ts';
import { userPhotos } from '../../../../db/schema/auth-photo.ts';
import { planChangeRequests } from '../../../../db/schema/billing.ts';
import { connectorOauthStates } from '../../../../db/schema/connectors.ts';
import { esgAnswers, esgChecklists, esgEvidence } from '../../../../db/schema/esg-wizard.ts';
import { regulatoryFilings } from '../../../../db/schema/export-filings.ts';
import { reports } from '../../../../db/schema/export-reports.ts';
import { activityImports, recalculations } from '../../../../db/schema/ledger.ts';
import { importMappings } from '../../../../db/schema/ledger-import-mappings.ts';
import { offsetOrders } from '../../../../db/schema/marketplace.ts';
import { narratives, narrativeVersions } from '../../../../db/schema/narratives.ts';
import { receiptFiles } from '../../../../db/schema/receipts.ts';
import { feedback } from '../../../../db/schema/support.ts';
import { teamInvites } from '../../../../db/schema/team.ts';

/**
 * Every row of every table that is about the user or names them as its author (db/schema,
 * walked table by table for user-linked columns: user_id, created_by, updated_by, saved_by,
 * invited_by, requested_by, retired_by, and their email). Explicit columns only: never a secret
 * (password hash, session id hash, API key hash, invitation token hash, sealed PKCE verifier).
 * Read in one batch so the export is one consistent snapshot.
 */
export function personalRecordQueries(db: Db, userId: string, email: string) {
  return [
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        hasPassword: sql`${users.passwordHash} is not null`.mapWith(Boolean),
        lastActiveAt: users.lastActiveAt,
        // The company sign-in opens (decision 034): a choice the person made, so theirs to see.
        lastChosenCompanyId: users.lastCompanyId,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({
        contentType: userPhotos.contentType,
        width: userPhotos.width,
        height: userPhotos.height,
        updatedAt: userPhotos.updatedAt,
      })
      .from(userPhotos)
      .where(eq(userPhotos.userId, userId)),
    db
      .select({ provider: oauthAccounts.provider, linkedAt: oauthAccounts.createdAt })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId)),
    db
      .select({
        companyId: companies.id,
        companyName: companies.name,
        jurisdiction: companies.jurisdiction,
        role: memberships.role,
        joinedAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(companies, eq(companies.id, memberships.companyId))
      .where(eq(memberships.userId, userId)),
    db
      .select({
        companyId: sessions.companyId,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select({
        id: feedback.id,
        companyId: feedback.companyId,
        type: feedback.type,
        subject: feedback.subject,
        message: feedback.message,
        email: feedback.email,
        status: feedback.status,
        adminResponse: feedback.adminResponse,
        createdAt: feedback.createdAt,
      })
      .from(feedback)
      .where(or(eq(feedback.userId, userId), eq(feedback.email, email))),
    db
      .select({
        id: auditLogs.id,
        companyId: auditLogs.companyId,
        action: auditLogs.action,
        entityType: auditLogs.entityType,
        entityId: auditLogs.entityId,
        ip: auditLogs.ip,
        createdAt: auditLogs.createdAt,
      })
      .from(auditLogs)
      .where(eq(auditLogs.userId, userId))
      .orderBy(auditLogs.createdAt),
    db
      .select({
        id: analyticsSessions.id,
        companyId: analyticsSessions.companyId,
        startedAt: analyticsSessions.startedAt,
        endedAt: analyticsSessions.endedAt,
      })
      .from(analyticsSessions)
      .where(eq(analyticsSessions.userId, userId)),
    db
      .select({
        sessionId: analyticsPageViews.sessionId,
        page: analyticsPageViews.page,
        createdAt: analyticsPageViews.createdAt,
      })
      .from(analyticsPageViews)
      .where(eq(analyticsPageViews.userId, userId)),
    db
      .select({
        sessionId: analyticsEvents.sessionId,
        eventName: analyticsEvents.eventName,
        eventData: analyticsEvents.eventData,
        createdAt: analyticsEvents.createdAt,
      })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, userId)),
    db
      .select({
        id: apiKeys.id,
        companyId: apiKeys.companyId,
        name: apiKeys.name,
        role: apiKeys.role,
        prefix: apiKeys.prefix,
        createdAt: apiKeys.createdAt,
        lastUsedAt: apiKeys.lastUsedAt,
        revokedAt: apiKeys.revokedAt,
      })
      .from(apiKeys)
      .where(eq(apiKeys.createdBy, userId)),
    db
      .select({
        id: teamInvites.id,
        companyId: teamInvites.companyId,
        email: teamInvites.email,
        role: teamInvites.role,
        sentByYou: sql`coalesce(${teamInvites.invitedBy} = ${userId}, 0)`.mapWith(Boolean),
        createdAt: teamInvites.createdAt,
        expiresAt: teamInvites.expiresAt,
        acceptedAt: teamInvites.acceptedAt,
        revokedAt: teamInvites.revokedAt,
      })
      .from(teamInvites)
      .where(or(eq(teamInvites.invitedBy, userId), eq(teamInvites.email, email))),
    db
      .select({
        id: planChangeRequests.id,
        companyId: planChangeRequests.companyId,
        fromPlan: planChangeRequests.fromPlan,
        toPlan: planChangeRequests.toPlan,
        status: planChangeRequests.status,
        createdAt: planChangeRequests.createdAt,
      })
      .from(planChangeRequests)
      .where(eq(planChangeRequests.requestedBy, userId)),
    db
      .select({
        id: receiptFiles.id,
        companyId: receiptFiles.companyId,
        name: receiptFiles.fileName,
        size: receiptFiles.size,
        createdAt: receiptFiles.createdAt,
      })
      .from(receiptFiles)
      .where(eq(receiptFiles.createdBy, userId)),
    db
      .select({
        id: esgEvidence.id,
        companyId: esgEvidence.companyId,
        indicator: esgEvidence.indicator,
        name: esgEvidence.fileName,
        size: esgEvidence.size,
        createdAt: esgEvidence.createdAt,
      })
      .from(esgEvidence)
      .where(eq(esgEvidence.createdBy, userId)),
    db
      .select({
        id: activityImports.id,
        companyId: activityImports.companyId,
        name: activityImports.fileName,
        rows: activityImports.rowCount,
        createdAt: activityImports.createdAt,
      })
      .from(activityImports)
      // A pending import (being written, or left by a killed process) is not the person's data yet.
      .where(and(eq(activityImports.createdBy, userId), gte(activityImports.importedCount, 0))),
    db
      .select({
        id: reports.id,
        companyId: reports.companyId,
        title: reports.title,
        format: reports.format,
        framework: reports.framework,
        period: reports.period,
        status: reports.status,
        fileName: reports.fileName,
        size: reports.size,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(eq(reports.createdBy, userId)),
    db
      .select({
        id: narratives.id,
        companyId: narratives.companyId,
        section: narratives.section,
        framework: narratives.framework,
        year: narratives.year,
        status: narratives.status,
        content: narratives.content,
        createdByYou: sql`coalesce(${narratives.createdBy} = ${userId}, 0)`.mapWith(Boolean),
        createdAt: narratives.createdAt,
        updatedAt: narratives.updatedAt,
      })
      .from(narratives)
      .where(or(eq(narratives.createdBy, userId), eq(narratives.updatedBy, userId))),
    db
      .select({
        id: regulatoryFilings.id,
        companyId: regulatoryFilings.companyId,
        reportTitle: regulatoryFilings.reportTitle,
        regulatorCode: regulatoryFilings.regulatorCode,
        filingType: regulatoryFilings.filingType,
        filingStatus: regulatoryFilings.filingStatus,
        confirmationNumber: regulatoryFilings.confirmationNumber,
        packageFileName: regulatoryFilings.packageFileName,
        packageSize: regulatoryFilings.packageSize,
        createdAt: regulatoryFilings.createdAt,
      })
      .from(regulatoryFilings)
      .where(eq(regulatoryFilings.createdBy, userId)),
    db
      .select({
        id: offsetOrders.id,
        companyId: offsetOrders.companyId,
        projectName: offsetOrders.projectName,
        quantity: offsetOrders.quantity,
        totalCents: offsetOrders.totalCents,
        currency: offsetOrders.currency,
        purchasedByName: offsetOrders.purchasedByName,
        purchasedByYou: sql`coalesce(${offsetOrders.userId} = ${userId}, 0)`.mapWith(Boolean),
        retiredAt: offsetOrders.retiredAt,
        createdAt: offsetOrders.createdAt,
      })
      .from(offsetOrders)
      .where(or(eq(offsetOrders.userId, userId), eq(offsetOrders.retiredBy, userId))),
    db
      .select({
        companyId: esgAnswers.companyId,
        jurisdiction: esgAnswers.jurisdiction,
        indicator: esgAnswers.indicator,
        value: esgAnswers.value,
        note: esgAnswers.note,
        updatedAt: esgAnswers.updatedAt,
      })
      .from(esgAnswers)
      .where(eq(esgAnswers.updatedBy, userId)),
    db
      .select({
        companyId: importMappings.companyId,
        kind: importMappings.kind,
        source: importMappings.sourceText,
        target: importMappings.target,
        updatedAt: importMappings.updatedAt,
      })
      .from(importMappings)
      .where(eq(importMappings.updatedBy, userId)),
    db
      .select({
        provider: connectorOauthStates.provider,
        createdAt: connectorOauthStates.createdAt,
        expiresAt: connectorOauthStates.expiresAt,
      })
      .from(connectorOauthStates)
      .where(eq(connectorOauthStates.userId, userId)),
    // The lines the person wrote: those of their complete imports, counted through the import's
    // index (an imported line's author is its import's, decision 081 step 4), and those written one
    // at a time that name them, read from the partial index of such lines. Filtering every line on
    // its author read every company's ledger (0.23–0.25 s at a million lines, decision 101). The
    // two counts are subqueries of the person's own row, so the batch keeps one statement here.
    db
      .select({
        total: sql<number>`(SELECT count(*) FROM activity_lines l WHERE l.import_key IN (SELECT ledger_key FROM activity_imports WHERE created_by = ${userId} AND imported_count >= 0)) + (SELECT count(*) FROM activity_lines l INDEXED BY activity_lines_single_source_idx WHERE l.import_key IS NULL AND l.created_by = ${userId})`,
      })
      .from(users)
      .where(eq(users.id, userId)),
    db.select({ total: count() }).from(recalculations).where(eq(recalculations.createdBy, userId)),
    db.select({ total: count() }).from(esgChecklists).where(eq(esgChecklists.createdBy, userId)),
    db.select({ total: count() }).from(narrativeVersions).where(eq(narrativeVersions.savedBy, userId)),
  ] as const;
}
