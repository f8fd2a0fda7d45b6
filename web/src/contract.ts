/**
 * The API's TypeScript contract, re-exported as types only so the web app never duplicates
 * (or bundles) the server's definitions. Import API shapes from here.
 */
export type { UserInfo } from '../../lambdas/contract/users';
export type { StudentRecord, PaymentDetails, ProgramBalance, PaymentHistoryEntry } from '../../lambdas/contract/students';
export type { RuntimeConfig } from '../../lambdas/contract/runtime-config';
export type { ProgramType } from '../../lambdas/domain/programs';
