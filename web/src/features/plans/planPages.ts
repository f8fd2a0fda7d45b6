/** A student's plan pages (My Plan, the wizard) load as one chunk: they share the plan views and the payment forms. */
export { default as MyPlanPage } from './MyPlanPage';
export { default as PlanWizardPage } from './PlanWizardPage';
