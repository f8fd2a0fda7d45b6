/** Kept apart from the schemas (contract/audit.ts), so the SPA's Audit screen bundles no zod for its action filter. */

/**
 * Every action the portal records, for the Audit screen's filter (lambdas/store/audit.test.ts keeps
 * it in step with the code). Changes are `<thing>.<verb>`; reads of others' records end in `.read`.
 */
export const AUDIT_ACTIONS = [
  'course.create',
  'course.update',
  'course.delete',
  'cohort.create',
  'cohort.update',
  'document.create',
  'document.delete',
  'document.acknowledge',
  'student.create',
  'student.create.undone',
  'student.enable',
  'student.disable',
  'student.move',
  'student.enroll',
  'student.charge',
  'student.credit',
  'payment.create',
  'payment.refund',
  'payment.refund.succeeded',
  'payment.refund.failed',
  'payment.excess.refund',
  'payment.reconcile',
  'payment.reconcile.run',
  'student.read',
  'student.payments.read',
  'student.documents.read',
  'cohort.roster.read',
  'students.list.read',
  'payments.read',
  'user.mfa.reset',
  'user.sessions.revoke',
  'announcement.create',
  'student.messages.read',
  'compliance.requirements.update',
  'compliance.submit',
  'compliance.decide',
  'compliance.read',
  'compliance.file.read',
  'compliance.queue.read',
  'cohort.compliance.read',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
