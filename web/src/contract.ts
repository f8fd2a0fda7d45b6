/**
 * The API's TypeScript contract, re-exported as types only so the web app never duplicates
 * (or bundles) the server's definitions. Import API shapes from here.
 */
import type { z } from 'zod';
import type { PaymentListQuery, RefundRequest } from '../../lambdas/contract/payments';

export type { UserInfo } from '../../lambdas/contract/users';
export type { StudentRecord, LedgerEntryView, PaymentDetails, ProgramBalance, PaymentHistoryEntry } from '../../lambdas/contract/students';
export type { RuntimeConfig } from '../../lambdas/contract/runtime-config';
export type { DashboardSummary, DashboardMoney, DashboardDocuments, DashboardCohort } from '../../lambdas/contract/dashboard';
export type { ProgramType } from '../../lambdas/contract/programs';
export type {
  CreatePaymentIntentRequest,
  CreatePaymentIntentResponse,
  PaymentAllocation,
  PaymentPage,
  PaymentStatus,
  PaymentSummary,
} from '../../lambdas/contract/payments';

/** Requests the contract defines only as zod schemas: their input types (type-only, so zod is not bundled). */
export type PaymentListFilters = z.input<typeof PaymentListQuery>;
export type RefundRequestBody = z.input<typeof RefundRequest>;
