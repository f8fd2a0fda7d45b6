/**
 * Every key the single table uses, in one place. Handlers never build keys; entity modules call these.
 * See table-schema.ts for the physical attributes and README "Data model" for the access patterns.
 */
import type { ProgramType } from '../contract/programs.js';

export const keys = {
  student: (username: string) => `STUDENT#${username}`,
  studentProfile: 'PROFILE',
  /** Uniqueness marker: one student per email address. */
  studentEmail: (email: string) => `EMAIL#${email.trim().toLowerCase()}`,
  enrollment: (type: ProgramType, programId: string) => `ENROLL#${type}#${programId}`,
  ledgerEntry: (createdAt: string, entryId: string) => `LEDGER#${createdAt}#${entryId}`,
  /** gsi1: a cohort's roster, ordered by last name. */
  cohortMembers: (cohortId: string) => `COHORT#${cohortId}`,
  rosterSort: (lastName: string, username: string) => `STUDENT#${lastName.toLowerCase()}#${username}`,
  /** A card payment (one Stripe PaymentIntent) in the student's collection, by creation time. */
  payment: (createdAt: string, intentId: string) => `PAYMENT#${createdAt}#${intentId}`,
  /**
   * A checkout nobody paid yet (pending) or ever will (canceled): the same record, kept apart from
   * the student's payments so their list needs no filter, and sorting before ENROLL# so a student's
   * bill (`sk >= ENROLL#`) never reads it. It moves to `payment` once money moves or an attempt fails.
   */
  checkout: (createdAt: string, intentId: string) => `CHECKOUT#${createdAt}#${intentId}`,
  /** Finds a payment from its PaymentIntent id alone (webhooks, refunds). */
  paymentIntent: (intentId: string) => `INTENT#${intentId}`,
  paymentIntentItem: 'INTENT',
  /** A Stripe event already applied (idempotency), kept 30 days. */
  stripeEvent: (eventId: string) => `STRIPE_EVENT#${eventId}`,
  /** gsi2: the finance ledger across students, by date. */
  paymentsFeed: 'PAYMENTS',
  /** gsi1: payments of one status across students, by date. */
  paymentsWithStatus: (status: string) => `PAYMENTS#${status}`,
  /**
   * gsi2 on student profiles: the students of one program type ('none' without one), by last name,
   * so "every student" is four Queries and never a Scan (document audiences).
   */
  studentsOfProgram: (programType: ProgramType | null) => `STUDENTS#${programType ?? 'none'}`,
  studentsSort: (lastName: string, username: string) => `${lastName.toLowerCase()}#${username}`,
} as const;

/** Sort-key prefixes that tell the items of a student's collection apart. */
export const prefixes = { checkout: 'CHECKOUT#', enrollment: 'ENROLL#', ledger: 'LEDGER#', payment: 'PAYMENT#' } as const;

/** Catalog items: each has its own partition and sits in a gsi1 collection for listing without a Scan. */
export const catalogKeys = {
  cohort: (id: string) => `COHORT#${id}`,
  cohortItem: 'COHORT',
  cohortsCollection: 'COHORTS',
  cohortNumber: (academicYear: string, programType: string, cohortNumber: number) => `COHORTNUM#${academicYear}#${programType}#${cohortNumber}`,
  documentCategory: (id: string) => `DOCCAT#${id}`,
  documentCategoryItem: 'DOCCAT',
  documentCategoriesCollection: 'DOCCATS',
  document: (id: string) => `DOC#${id}`,
  documentItem: 'DOC',
  /**
   * gsi1: the collections a student's documents come from, newest first by upload time. One builder
   * per scope, each with the one value that scope is keyed by (the cohort, or the program type).
   */
  generalDocuments: 'DOCS#general',
  programDocuments: (programType: ProgramType) => `DOCS#program#${programType}`,
  cohortDocuments: (cohortId: string) => `DOCS#cohort#${cohortId}`,
  /** Individual documents reach students through their assignments (gsi2), never through a cohort. */
  individualDocuments: 'DOCS#individual',
  /** gsi2: every document, newest first (the staff list). */
  documentsFeed: 'DOCS',
  documentSort: (uploadedAt: string, id: string) => `${uploadedAt}#${id}`,
  documentAssignment: (username: string) => `ASSIGNED#${username}`,
  documentAcknowledgement: (username: string) => `ACK#${username}`,
  /**
   * gsi2: one student's documents: their assignments (sort `<uploadedAt>#<docId>`) and their
   * acknowledgements (sort `ACK#<docId>`), so one Query answers both.
   */
  documentsOfStudent: (username: string) => `STUDENTDOCS#${username}`,
  acknowledgementSort: (documentId: string) => `ACK#${documentId}`,
} as const;

/** Audit log: one partition per day; gsi1 by actor, gsi2 by action (store/audit-log.ts reads them). */
export const auditKeys = {
  day: (at: string) => `AUDIT#${at.slice(0, 10)}`,
  entry: (at: string, id: string) => `${at}#${id}`,
  byActor: (actor: string) => `AUDIT_BY#${actor}`,
  byAction: (action: string) => `AUDIT_ACTION#${action}`,
} as const;

/**
 * TOTP enrolments at sign-in: one item per enrolment id, alone in its partition, gone after
 * a few minutes (TTL). In the cloud the sign-in functions may touch these partitions only (grant `mfa:enrolment`).
 */
export const MFA_ENROLMENT_PREFIX = 'MFA_ENROL#';
export const mfaEnrolmentKeys = {
  enrolment: (id: string) => `${MFA_ENROLMENT_PREFIX}${id}`,
  item: 'MFA_ENROL',
} as const;

/**
 * A CSV import of students, one partition per import (store/student-imports.ts):
 * `CHUNK#<n>` the stored rows of a chunk until the job has done them, `IMPORT` the record, `PROGRESS#<n>`
 * a chunk's counters, `ROW#<line>` each row's outcome (the sort keys sort in that order). gsi1: every
 * import, newest first.
 */
export const importKeys = {
  import: (id: string) => `IMPORT#${id}`,
  record: 'IMPORT',
  chunk: (index: number) => `CHUNK#${String(index).padStart(5, '0')}`,
  progress: (index: number) => `PROGRESS#${String(index).padStart(5, '0')}`,
  progressPrefix: 'PROGRESS#',
  row: (line: number) => `ROW#${String(line).padStart(6, '0')}`,
  rowPrefix: 'ROW#',
  imports: 'IMPORTS',
  importsSort: (createdAt: string, id: string) => `${createdAt}#${id}`,
} as const;
