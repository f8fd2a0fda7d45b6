/**
 * Scheduled (jobs table: payment-plans-sweep, every morning): collects the payment plans whose next action day has
 * come, read from the sweep index (store/payment-plan.ts plansDueBy: day <= today, so a day the job did not run is
 * caught up), never a Scan. For each plan, read again (the index is eventually consistent), the collection rules
 * (domain/plan-collection.ts sweepActions) say what today asks for, and each is done once:
 *  - charge: an off-session debit of the saved card or bank account (idempotency key per plan, installment and attempt),
 *    its answer recorded as the attempt; the money is posted only by the verified webhook event (plans/collection.ts);
 *  - mark_past_due and late_fee: one transaction with the fee as an ordinary charge (none while a VA payment is pending);
 *  - remind: a notice (and email, unless kept in-app) per installment and threshold, its key kept on the plan.
 * A rerun on the same day finds every action already recorded: no second debit, fee or notice. A plan that fails is
 * retried by the next run (or Lambda's retry of this one) and does not stop the others; the run fails after all of
 * them, so its alarm fires.
 */
import { schoolDay } from '../../domain/clock.js';
import { sweepActions } from '../../domain/plan-collection.js';
import { chargeInstallment, forSweep, markLate, recordAttempt, sendReminders, vaPending } from '../../plans/collection.js';
import { logger } from '../../observability/powertools.js';
import { inParallel } from '../../schedule/in-parallel.js';
import { job } from '../../schedule/job.js';
import { getPlan, plansDueBy } from '../../store/payment-plan.js';
import { getStudentProfile } from '../../store/student.js';

/** Plans collected at once: Stripe's rate limit (100 requests a second in live mode) stays far off. */
const PLANS_AT_ONCE = 8;

export const handler = job('payment-plans-sweep', async ({ now }) => {
  const today = schoolDay(now);
  const at = now.toISOString();
  const ids = await plansDueBy(today);
  const done: string[] = [];
  const failed: string[] = [];
  await inParallel(ids, PLANS_AT_ONCE, async (id) => {
    try {
      // each step starts from the plan as the last one left it, read again only if something else wrote it since
      let plan = await getPlan(id);
      if (!plan) return;
      const profile = await getStudentProfile(plan.username);
      if (!profile) return;
      const va = vaPending(profile);
      const actions = sweepActions(forSweep(plan, va), today);
      for (const action of actions) {
        if (action.kind !== 'charge') continue;
        const answer = await chargeInstallment(plan, action);
        plan = await recordAttempt(plan, action, answer, today, at, va);
        if (!plan) return;
        done.push(`${plan.id} charge ${action.seq}#${action.attempt} ${answer.outcome}`);
      }
      const marked = await markLate(plan, actions, profile, today, at);
      if (marked) {
        plan = marked;
        for (const a of actions) if (a.kind === 'mark_past_due' || a.kind === 'late_fee') done.push(`${plan.id} ${a.kind} ${a.seq}`);
      }
      if (await sendReminders(plan, actions, at)) {
        for (const a of actions) if (a.kind === 'remind') done.push(`${plan.id} remind ${a.seq} ${a.daysBefore}d`);
      }
    } catch (error) {
      logger.error('payment plan not collected', { planId: id, error: (error as Error).message });
      failed.push(id);
    }
  });
  if (failed.length > 0) throw new Error(`${failed.length} of ${ids.length} payment plans were not collected: ${failed.join(', ')}`);
  return { today, plans: ids.length, done };
});
