/** The kinds of notice (notify/templates.ts words each): apart, so a producer checks one without loading the words. */
export const TEMPLATE_IDS = [
  'payment_succeeded',
  'payment_failed',
  'refund_issued',
  'excess_refunded',
  'document_required',
  'account_created',
  'import_finished',
  'compliance_expiring',
  'compliance_incomplete',
  'compliance_summary',
  'rotation_not_cleared',
  'rotation_roster_blocked',
  'agreement_ending',
  'announcement',
  'plan_payment_due',
  'plan_action_needed',
] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];
export const isTemplateId = (id: string): id is TemplateId => (TEMPLATE_IDS as readonly string[]).includes(id);
