// Operator action: puts a plan in force for a company and marks its latest open request for that
// plan applied (issue 9: no payment provider is connected, so plan changes are requests applied by
// our team). Usage: bun scripts/apply-plan.ts <company id> <starter|growth|enterprise>
// Reads the same environment as the server (DATABASE_URL, …) and writes an audit row.
import { PlanSchema } from '../src/domain/account/plans.ts';
import { applyPlan } from '../src/server/features/billing/service.ts';
import { HttpError } from '../src/server/lib/errors.ts';
import { bootstrap } from '../src/server/start.ts';

const [companyId, planArgument] = process.argv.slice(2);
const plan = PlanSchema.safeParse(planArgument);
if (!companyId || !plan.success) {
  console.error('Usage: bun scripts/apply-plan.ts <company id> <starter|growth|enterprise>');
  process.exit(2);
}

const { config, log, db, client, localReader } = await bootstrap();
try {
  const applied = await applyPlan(
    { db, config, log, requestId: `apply-plan-${crypto.randomUUID()}`, ip: null, now: () => new Date() },
    companyId,
    plan.data,
  );
  console.info(
    `Company ${applied.companyId}: ${applied.fromPlan} → ${applied.toPlan}` +
      (applied.requestId
        ? ` (request ${applied.requestId} marked applied)`
        : ' (no open request for this plan)'),
  );
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  client.close();
  localReader?.close();
}
