import { brand } from '#shared/brand';

/** The sentences of a student's plan screens (the wizard, My Plan). */
export const PLAN_LOAD_FAILED = 'Your payment plans could not be loaded. Please try again.';
export const PREVIEW_FAILED = 'The schedule could not be worked out. Please try again.';
export const CREATE_FAILED = 'The payment plan could not be set up. Please try again.';
export const CHANGE_FAILED = 'The change could not be saved. Please try again.';
export const PAY_FAILED = 'The payment could not be made. Please try again.';
export const SETUP_FAILED = 'A card or bank account cannot be added right now. Please try again.';
export const METHODS_FAILED = 'Your saved cards and bank accounts could not be loaded.';
export const REMOVE_FAILED = 'That card or bank account could not be removed. Please try again.';
export const PLAN_CREATED = 'Your payment plan is set up.';

/** Why an ACH payment still shows as processing. */
export const BANK_PAYMENTS_TAKE_DAYS = 'Bank payments take a few business days: a payment shows as paid once your bank confirms it.';

/** After the bank's 3-D Secure page sends the browser back (?redirect_status=...). */
export const RETURN_SUCCEEDED = 'Your payment was submitted. It shows as paid once your bank confirms it.';
export const RETURN_FAILED = 'Your bank could not confirm the payment. Nothing was charged: try again or change the payment method.';

/**
 * The authorization a student accepts to save a US bank account for later debits: Stripe's ACH Direct Debit mandate
 * wording, which must be shown and agreed to before the account is debited
 * (https://docs.stripe.com/payments/ach-direct-debit#mandates; Nacha's WEB debit authorization rules).
 */
export const ACH_MANDATE_TEXT =
  `By saving this bank account, you authorize ${brand.collegeName} to debit the bank account specified above for any amount owed ` +
  `for charges arising from your enrollment and payment plan with ${brand.collegeName}, pursuant to its website and terms, until this ` +
  `authorization is revoked. You may amend or cancel this authorization at any time by providing notice to ${brand.collegeName} with ` +
  `30 (thirty) days notice. If you pay ${brand.collegeName} periodically pursuant to its terms, you authorize ${brand.collegeName} to debit ` +
  'your bank account periodically. Payments that fall outside of the regular debits authorized above will only be debited after your ' +
  'authorization is obtained.';
