/**
 * THE route table. Every documented `/api` call of the spec is one row.
 *
 * The same rows drive both deployments:
 *  - lib/stacks/api-stack.ts turns each row into an HTTP API route + its own Lambda, with the
 *    JWT authorizer unless the row is public and IAM grants taken from `grants`;
 *  - lib/local/gateway.ts serves the rows on :3000 with the same JWT checks.
 * Handlers look their own row up (`http/route.ts`) to enforce `access`, so the role rules
 * live here and nowhere else.
 *
 * Paths are written exactly as the spec writes them (trailing slashes included). API Gateway
 * route keys cannot end in "/", so the cloud strips it (see `routeKeyPath`) and CloudFront
 * strips it from requests; the local gateway accepts both forms.
 */

export const ROLES = ['student', 'staff', 'finance', 'compliance', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who may call a route, checked in the Lambda:
 *  - 'public': no token needed (the authorizer is not attached);
 *  - 'signed-in': any valid token; finer rules (a student reads only their own record) are in the handler;
 *  - a list of roles: only tokens carrying one of them.
 */
export type Access = 'public' | 'signed-in' | readonly Role[];

/** Least-privilege resource grants, turned into IAM policies by lib/constructs/api-function.ts. */
export type Grant =
  | 'table:read'
  | 'table:write'
  /**
   * Put audit entries only (PutItem on the audit log's day partitions): routes that record who read a student
   * record, or that change things outside the table (refunds at Stripe), without any other write.
   */
  | 'audit:write'
  | 'bucket:read'
  | 'bucket:write'
  | 'bucket:delete'
  | 'userpool:login'
  | 'userpool:admin'
  /** List the members of a staff group (cognito-idp:ListUsersInGroup): who to tell, for the jobs that tell coordinators and admins. */
  | 'userpool:groups'
  /**
   * Keep, read and end TOTP enrolments at sign-in only (GetItem and PutItem on the MFA_ENROL# partitions,
   * store/mfa-enrolment.ts): the sign-in routes that hold Cognito's tokens until a first code is confirmed.
   */
  | 'mfa:enrolment'
  /** Read the Stripe secret key and webhook signing secret (Secrets Manager). */
  | 'secret:stripe'
  /**
   * Send messages to the queue of the named queue row of lambdas/jobs.ts (sqs:SendMessage on that queue
   * only; its URL in QUEUE_URL_<JOB_ID>). The CDK refuses a name that is not a queue row.
   */
  | `queue:${string}`
  /**
   * Jobs only: create one-time schedules (EventBridge Scheduler) that start the named row of lambdas/jobs.ts, a
   * schedule row marked `oneTime` (scheduler:CreateSchedule on its schedules in the stage's group, iam:PassRole
   * on the role that may invoke it; what to target in SCHEDULE_TARGET_<JOB_ID>). The CDK refuses other names.
   */
  | `schedule:${string}`
  /**
   * Send email through SES v2 (ses:SendEmail) from the configured sender identity only, through the
   * portal's configuration set (its suppression and delivery events): lib/constructs/api-function.ts.
   */
  | 'email:send';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  /** Stable identifier; also names the Lambda. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Exactly as the spec writes it; `{name}` marks a path parameter. */
  readonly path: string;
  /** Module under lambdas/ exporting `handler`. */
  readonly handler: string;
  readonly access: Access;
  readonly grants: readonly Grant[];
  /** Lambda timeout when a route needs more than the default 10 s; API Gateway waits at most 30 s. */
  readonly timeoutSeconds?: number;
  /** Lambda memory (MB) when a route needs more than the default 512 (CPU and network grow with it). */
  readonly memoryMb?: number;
}

/**
 * A route answers someone waiting: 10 seconds unless its row says otherwise (at most 29: HTTP APIs
 * give up on an integration after 30, https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-quotas.html).
 * The CDK gives the function this timeout and the local gateway enforces it.
 */
export const DEFAULT_ROUTE_TIMEOUT_SECONDS = 10;
export const routeTimeoutSeconds = (route: Pick<RouteDef, 'timeoutSeconds'>) => route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS;
/** Lambda gives CPU in proportion to memory; 512 MB keeps the small handlers' cold starts short. */
export const DEFAULT_ROUTE_MEMORY_MB = 512;
export const routeMemoryMb = (route: Pick<RouteDef, 'memoryMb'>) => route.memoryMb ?? DEFAULT_ROUTE_MEMORY_MB;
/**
 * A route that calls Stripe: its client (store/stripe-api.ts) tries 3 times (MAX_NETWORK_RETRIES 2, as Stripe's SDK) with an
 * 8 s timeout each and sleeps 0.5 to 1 s between tries, about 26 s at worst, plus the secret and table reads.
 */
const STRIPE_CALL_TIMEOUT_SECONDS = 29;

/** Course and document writes, cohort reads. */
const ADMIN_AND_STAFF = ['admin', 'staff'] as const;
/** Who reviews clinical compliance and reads students' health records. */
const COMPLIANCE_REVIEWERS = ['compliance', 'admin'] as const;
/** Who hands in compliance evidence: students their own, reviewers a student's (approved by them at once). */
const COMPLIANCE_WRITERS = ['student', 'compliance', 'admin'] as const;

export const routes = [
  {
    id: 'users-login',
    method: 'POST',
    path: '/api/users/login/',
    handler: 'functions/users/login.ts',
    access: 'public',
    grants: ['userpool:login', 'table:read', 'mfa:enrolment'],
  },
  // The CSV import's progress and report. Before students-get on purpose: API Gateway prefers a route
  // that matches literally over one with a path variable, and the local gateway takes the first matching row.
  { id: 'students-import-get', method: 'GET', path: '/api/students/import/{id}/', handler: 'functions/students/import-get.ts', access: ['admin'], grants: ['table:read'] },
  { id: 'students-imports-list', method: 'GET', path: '/api/students/imports/', handler: 'functions/students/imports-list.ts', access: ['admin'], grants: ['table:read'] },
  { id: 'students-get', method: 'GET', path: '/api/students/{username}/', handler: 'functions/students/get.ts', access: 'signed-in', grants: ['table:read', 'audit:write'] },

  { id: 'courses-list', method: 'GET', path: '/api/courses/', handler: 'functions/courses/list.ts', access: 'signed-in', grants: ['table:read'] },
  { id: 'courses-create', method: 'POST', path: '/api/courses/create/', handler: 'functions/courses/create.ts', access: ADMIN_AND_STAFF, grants: ['table:read', 'table:write'] },
  {
    id: 'courses-update',
    method: 'PUT',
    path: '/api/courses/{id}/update/',
    handler: 'functions/courses/update.ts',
    access: ADMIN_AND_STAFF,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'courses-delete',
    method: 'DELETE',
    path: '/api/courses/{id}/delete/',
    handler: 'functions/courses/delete.ts',
    access: ADMIN_AND_STAFF,
    grants: ['table:read', 'table:write'],
  },
  { id: 'courses-categories', method: 'GET', path: '/api/courses/categories/', handler: 'functions/courses/categories.ts', access: 'signed-in', grants: ['table:read'] },
  { id: 'courses-stats', method: 'GET', path: '/api/courses/stats/', handler: 'functions/courses/stats.ts', access: 'signed-in', grants: ['table:read'] },

  // audit:write: staff reading one student's documents (`?student=`) is a read of their record
  { id: 'documents-list', method: 'GET', path: '/api/documents/', handler: 'functions/documents/list.ts', access: 'signed-in', grants: ['table:read', 'audit:write'] },
  {
    id: 'documents-download',
    method: 'GET',
    path: '/api/documents/{id}/download/',
    handler: 'functions/documents/download.ts',
    access: 'signed-in',
    grants: ['table:read', 'bucket:read'],
  },
  // holds a whole file in memory (a form body, or a presigned upload of up to 25 MB read back to check its type), then copies it
  {
    id: 'documents-upload',
    method: 'POST',
    path: '/api/documents/',
    handler: 'functions/documents/upload.ts',
    access: ADMIN_AND_STAFF,
    grants: ['table:read', 'table:write', 'bucket:read', 'bucket:write', 'bucket:delete'],
    timeoutSeconds: 20,
    memoryMb: 1024,
  },
  {
    id: 'documents-delete',
    method: 'DELETE',
    path: '/api/documents/{id}/',
    handler: 'functions/documents/delete.ts',
    access: ADMIN_AND_STAFF,
    grants: ['table:read', 'table:write', 'bucket:delete'],
  },
  { id: 'document-categories-list', method: 'GET', path: '/api/document-categories/', handler: 'functions/documents/categories.ts', access: 'signed-in', grants: ['table:read'] },

  // the compliance group filters its review queue by cohort (cohorts' names, no student)
  { id: 'cohorts-list', method: 'GET', path: '/api/cohorts/', handler: 'functions/cohorts/list.ts', access: [...ADMIN_AND_STAFF, 'compliance'], grants: ['table:read'] },
  {
    id: 'cohorts-students',
    method: 'GET',
    path: '/api/cohorts/{id}/students/',
    handler: 'functions/cohorts/students.ts',
    access: ADMIN_AND_STAFF,
    grants: ['table:read', 'audit:write'],
  },

  {
    id: 'payments-create-intent',
    method: 'POST',
    path: '/api/create-payment-intent',
    handler: 'functions/payments/create-intent.ts',
    access: 'signed-in',
    grants: ['table:read', 'table:write', 'secret:stripe'],
    timeoutSeconds: STRIPE_CALL_TIMEOUT_SECONDS,
  },

  // Beyond the spec: payments the server can prove, receipts and the finance ledger.
  // applying an event may read and create refunds at Stripe; a timeout is retried by Stripe and applied once
  {
    id: 'payments-webhook',
    method: 'POST',
    path: '/api/payments/webhook',
    handler: 'functions/payments/webhook.ts',
    access: 'public',
    grants: ['table:read', 'table:write', 'secret:stripe'],
    timeoutSeconds: STRIPE_CALL_TIMEOUT_SECONDS,
  },
  { id: 'payments-list', method: 'GET', path: '/api/payments/', handler: 'functions/payments/list.ts', access: ['finance', 'admin'], grants: ['table:read', 'audit:write'] },
  {
    id: 'payments-refund',
    method: 'POST',
    path: '/api/payments/{id}/refund/',
    handler: 'functions/payments/refund.ts',
    access: ['admin'],
    grants: ['table:read', 'audit:write', 'secret:stripe'],
    timeoutSeconds: STRIPE_CALL_TIMEOUT_SECONDS,
  },
  // Beyond the spec: finance compares a date range of payments with Stripe and records what is missing.
  {
    id: 'payments-reconcile',
    method: 'POST',
    path: '/api/payments/reconcile/',
    handler: 'functions/payments/reconcile.ts',
    access: ['finance', 'admin'],
    grants: ['table:read', 'table:write', 'secret:stripe'],
    timeoutSeconds: 29,
  },
  // Beyond the spec: cohort administration and the roster fallback the spec names.
  { id: 'students-list', method: 'GET', path: '/api/students/', handler: 'functions/students/list.ts', access: ADMIN_AND_STAFF, grants: ['table:read', 'audit:write'] },
  { id: 'cohorts-create', method: 'POST', path: '/api/cohorts/', handler: 'functions/cohorts/create.ts', access: ['admin'], grants: ['table:read', 'table:write'] },
  { id: 'cohorts-update', method: 'PUT', path: '/api/cohorts/{id}/', handler: 'functions/cohorts/update.ts', access: ['admin'], grants: ['table:read', 'table:write'] },
  {
    id: 'cohorts-add-student',
    method: 'POST',
    path: '/api/cohorts/{id}/students/',
    handler: 'functions/cohorts/add-student.ts',
    access: ['admin'],
    grants: ['table:read', 'table:write'],
  },
  // Beyond the spec: student records for administrators.
  {
    id: 'students-create',
    method: 'POST',
    path: '/api/students/',
    handler: 'functions/students/create.ts',
    access: ['admin'],
    grants: ['table:read', 'table:write', 'userpool:admin'],
  },
  // Validates and stores the file, queues its chunks (jobs table: students-import-chunks) and answers 202.
  {
    id: 'students-import',
    method: 'POST',
    path: '/api/students/import/',
    handler: 'functions/students/import.ts',
    access: ['admin'],
    grants: ['table:write', 'queue:students-import-chunks'],
  },
  {
    id: 'students-enroll',
    method: 'POST',
    path: '/api/students/{username}/enrollments/',
    handler: 'functions/students/enroll.ts',
    access: ['admin'],
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'students-ledger-entry',
    method: 'POST',
    path: '/api/students/{username}/charges/',
    handler: 'functions/students/ledger-entry.ts',
    access: ['admin'],
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'students-sign-in',
    method: 'PUT',
    path: '/api/students/{username}/sign-in/',
    handler: 'functions/students/sign-in.ts',
    access: ['admin'],
    grants: ['table:read', 'table:write', 'userpool:admin'],
  },
  {
    id: 'users-new-password',
    method: 'POST',
    path: '/api/users/new-password/',
    handler: 'functions/users/new-password.ts',
    access: 'public',
    grants: ['userpool:login', 'table:read', 'mfa:enrolment'],
  },
  // Beyond the spec: sessions that last while the refresh token is valid; logout revokes it.
  { id: 'users-refresh', method: 'POST', path: '/api/users/refresh/', handler: 'functions/users/refresh.ts', access: 'public', grants: ['userpool:login', 'table:read'] },
  { id: 'users-logout', method: 'POST', path: '/api/users/logout/', handler: 'functions/users/logout.ts', access: 'public', grants: ['userpool:login'] },
  // Beyond the spec: TOTP. The two second steps of a sign-in (a code; a first code that turns TOTP on),
  // a student turning it on (staff roles must have it and set it up at sign-in), and an admin turning someone's off
  // (recovery, audited).
  { id: 'users-mfa', method: 'POST', path: '/api/users/mfa/', handler: 'functions/users/mfa.ts', access: 'public', grants: ['userpool:login', 'table:read'] },
  {
    id: 'users-mfa-setup',
    method: 'POST',
    path: '/api/users/mfa-setup/',
    handler: 'functions/users/mfa-setup.ts',
    access: 'public',
    grants: ['userpool:login', 'table:read', 'mfa:enrolment'],
  },
  { id: 'users-totp-start', method: 'POST', path: '/api/users/totp/', handler: 'functions/users/totp-start.ts', access: ['student'], grants: ['userpool:login'] },
  { id: 'users-totp-verify', method: 'POST', path: '/api/users/totp/verify/', handler: 'functions/users/totp-verify.ts', access: ['student'], grants: ['userpool:login'] },
  {
    id: 'users-mfa-reset',
    method: 'POST',
    path: '/api/users/{username}/mfa/reset/',
    handler: 'functions/users/mfa-reset.ts',
    access: ['admin'],
    grants: ['userpool:admin', 'audit:write'],
  },
  // An admin ends every session of a user at once (Cognito AdminUserGlobalSignOut), audited.
  {
    id: 'users-sign-out-everywhere',
    method: 'POST',
    path: '/api/users/{username}/sign-out-everywhere/',
    handler: 'functions/users/sign-out-everywhere.ts',
    access: ['admin'],
    grants: ['userpool:admin', 'audit:write'],
  },
  {
    id: 'students-payments',
    method: 'GET',
    path: '/api/students/{username}/payments/',
    handler: 'functions/students/payments.ts',
    access: 'signed-in',
    grants: ['table:read', 'audit:write'],
  },
  // Beyond the spec: presigned uploads for large files, acknowledgements by students.
  {
    id: 'documents-upload-url',
    method: 'POST',
    path: '/api/documents/upload-url/',
    handler: 'functions/documents/upload-url.ts',
    access: ADMIN_AND_STAFF,
    grants: ['bucket:write'],
  },
  {
    id: 'documents-acknowledge',
    method: 'POST',
    path: '/api/documents/{id}/acknowledge/',
    handler: 'functions/documents/acknowledge.ts',
    access: ['student'],
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'documents-acknowledgements',
    method: 'GET',
    path: '/api/documents/{id}/acknowledgements/',
    handler: 'functions/documents/acknowledgements.ts',
    access: ADMIN_AND_STAFF,
    grants: ['table:read'],
  },
  // Beyond the spec: the audit log, read-only through the API (entries are never edited or deleted).
  { id: 'audit-list', method: 'GET', path: '/api/audit/', handler: 'functions/audit/list.ts', access: ['admin'], grants: ['table:read'] },
  // Beyond the spec: the landing figures of staff (documents), finance (money) and admins (both, cohorts).
  { id: 'dashboard-summary', method: 'GET', path: '/api/dashboard/', handler: 'functions/dashboard/summary.ts', access: ['staff', 'finance', 'admin'], grants: ['table:read'] },

  // Notifications: everyone's own inbox and email preferences; announcements and message logs for staff.
  { id: 'notifications-list', method: 'GET', path: '/api/notifications/', handler: 'functions/notifications/list.ts', access: 'signed-in', grants: ['table:read'] },
  {
    id: 'notifications-read-all',
    method: 'POST',
    path: '/api/notifications/read-all/',
    handler: 'functions/notifications/read-all.ts',
    access: 'signed-in',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'notifications-read',
    method: 'POST',
    path: '/api/notifications/{id}/read/',
    handler: 'functions/notifications/read.ts',
    access: 'signed-in',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'notification-preferences-get',
    method: 'GET',
    path: '/api/users/me/notification-preferences/',
    handler: 'functions/notifications/preferences-get.ts',
    access: 'signed-in',
    grants: ['table:read'],
  },
  {
    id: 'notification-preferences-put',
    method: 'PUT',
    path: '/api/users/me/notification-preferences/',
    handler: 'functions/notifications/preferences-put.ts',
    access: 'signed-in',
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'announcements-create',
    method: 'POST',
    path: '/api/announcements/',
    handler: 'functions/announcements/create.ts',
    access: ADMIN_AND_STAFF,
    grants: ['table:read', 'table:write'],
  },
  { id: 'announcements-list', method: 'GET', path: '/api/announcements/', handler: 'functions/announcements/list.ts', access: ADMIN_AND_STAFF, grants: ['table:read'] },
  // audit:write: a student's message log is a read of their record
  {
    id: 'students-messages',
    method: 'GET',
    path: '/api/students/{username}/messages/',
    handler: 'functions/students/messages.ts',
    access: ADMIN_AND_STAFF,
    grants: ['table:read', 'audit:write'],
  },

  // Clinical compliance: health records are the student's, the compliance group's and the admins' only
  // (other staff learn whether a student is cleared); every read of another person's is audited (audit:write).
  {
    id: 'compliance-requirements-get',
    method: 'GET',
    path: '/api/compliance/requirements/',
    handler: 'functions/compliance/requirements-get.ts',
    access: 'signed-in',
    grants: ['table:read'],
  },
  {
    id: 'compliance-requirements-put',
    method: 'PUT',
    path: '/api/compliance/requirements/',
    handler: 'functions/compliance/requirements-put.ts',
    access: ['admin'],
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'compliance-upload-url',
    method: 'POST',
    path: '/api/compliance/upload-url/',
    handler: 'functions/compliance/upload-url.ts',
    access: COMPLIANCE_WRITERS,
    grants: ['bucket:write'],
  },
  // reads the presigned uploads' bytes and copies them to the submission's keys
  {
    id: 'compliance-submit',
    method: 'POST',
    path: '/api/compliance/submissions/',
    handler: 'functions/compliance/submit.ts',
    access: COMPLIANCE_WRITERS,
    grants: ['table:read', 'table:write', 'bucket:read', 'bucket:write', 'bucket:delete'],
  },
  {
    id: 'compliance-decide',
    method: 'POST',
    path: '/api/compliance/submissions/{id}/decision/',
    handler: 'functions/compliance/decide.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'compliance-file',
    method: 'GET',
    path: '/api/compliance/submissions/{id}/files/{index}/',
    handler: 'functions/compliance/file.ts',
    access: COMPLIANCE_WRITERS,
    grants: ['table:read', 'bucket:read', 'audit:write'],
  },
  {
    id: 'compliance-student',
    method: 'GET',
    path: '/api/compliance/students/{username}/',
    handler: 'functions/compliance/student.ts',
    access: 'signed-in',
    grants: ['table:read', 'audit:write'],
  },
  {
    id: 'compliance-queue',
    method: 'GET',
    path: '/api/compliance/queue/',
    handler: 'functions/compliance/queue.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'audit:write'],
  },
  {
    id: 'cohorts-compliance',
    method: 'GET',
    path: '/api/cohorts/{id}/compliance/',
    handler: 'functions/compliance/cohort-grid.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'audit:write'],
  },

  // Clinical placements: sites (admin), rotations and their rosters (the compliance group and admins); a roster's
  // clearance reads students' compliance and ledgers (audit:write), and a shared roster is read without an account.
  { id: 'clinical-sites-list', method: 'GET', path: '/api/clinical-sites/', handler: 'functions/clinical/sites-list.ts', access: COMPLIANCE_REVIEWERS, grants: ['table:read'] },
  // an agreement file is one of the caller's presigned uploads, checked and copied to the site's key
  {
    id: 'clinical-sites-create',
    method: 'POST',
    path: '/api/clinical-sites/',
    handler: 'functions/clinical/sites-create.ts',
    access: ['admin'],
    grants: ['table:read', 'table:write', 'bucket:read', 'bucket:write', 'bucket:delete'],
  },
  {
    id: 'clinical-sites-update',
    method: 'PUT',
    path: '/api/clinical-sites/{id}/',
    handler: 'functions/clinical/sites-update.ts',
    access: ['admin'],
    grants: ['table:read', 'table:write', 'bucket:read', 'bucket:write', 'bucket:delete'],
  },
  {
    id: 'clinical-sites-delete',
    method: 'DELETE',
    path: '/api/clinical-sites/{id}/',
    handler: 'functions/clinical/sites-delete.ts',
    access: ['admin'],
    grants: ['table:read', 'table:write', 'bucket:delete'],
  },
  {
    id: 'clinical-sites-agreement',
    method: 'GET',
    path: '/api/clinical-sites/{id}/agreement/',
    handler: 'functions/clinical/sites-agreement.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'bucket:read'],
  },
  { id: 'rotations-list', method: 'GET', path: '/api/rotations/', handler: 'functions/clinical/rotations-list.ts', access: COMPLIANCE_REVIEWERS, grants: ['table:read'] },
  {
    id: 'rotations-create',
    method: 'POST',
    path: '/api/rotations/',
    handler: 'functions/clinical/rotations-create.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'rotations-update',
    method: 'PUT',
    path: '/api/rotations/{id}/',
    handler: 'functions/clinical/rotations-update.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'rotations-delete',
    method: 'DELETE',
    path: '/api/rotations/{id}/',
    handler: 'functions/clinical/rotations-delete.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'rotations-assign',
    method: 'POST',
    path: '/api/rotations/{id}/students/',
    handler: 'functions/clinical/rotations-assign.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'rotations-unassign',
    method: 'DELETE',
    path: '/api/rotations/{id}/students/{username}/',
    handler: 'functions/clinical/rotations-unassign.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'rotations-roster',
    method: 'GET',
    path: '/api/rotations/{id}/roster/',
    handler: 'functions/clinical/rotations-roster.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'audit:write'],
  },
  {
    id: 'rotations-share',
    method: 'POST',
    path: '/api/rotations/{id}/share/',
    handler: 'functions/clinical/rotations-share.ts',
    access: COMPLIANCE_REVIEWERS,
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'shared-roster',
    method: 'GET',
    path: '/api/shared-rosters/{token}/',
    handler: 'functions/clinical/shared-roster.ts',
    access: 'public',
    grants: ['table:read', 'audit:write'],
  },

  // Payment plans: finance's templates and hold rules (students read the ones on offer), and a student's holds,
  // which the student and finance see with how to clear them (a read by staff is audited).
  {
    id: 'payment-plan-templates-get',
    method: 'GET',
    path: '/api/payment-plan-templates/',
    handler: 'functions/payment-plans/templates-get.ts',
    access: 'signed-in',
    grants: ['table:read'],
  },
  {
    id: 'payment-plan-templates-put',
    method: 'PUT',
    path: '/api/payment-plan-templates/',
    handler: 'functions/payment-plans/templates-put.ts',
    access: ['finance', 'admin'],
    grants: ['table:read', 'table:write'],
  },
  {
    id: 'students-payment-plans-create',
    method: 'POST',
    path: '/api/students/{username}/payment-plans/',
    handler: 'functions/payment-plans/create.ts',
    access: 'signed-in',
    grants: ['table:read', 'table:write', 'secret:stripe'],
    timeoutSeconds: STRIPE_CALL_TIMEOUT_SECONDS,
  },
  {
    id: 'students-payment-plans-list',
    method: 'GET',
    path: '/api/students/{username}/payment-plans/',
    handler: 'functions/payment-plans/student-list.ts',
    access: 'signed-in',
    grants: ['table:read', 'audit:write'],
  },
  // the plan's student pays a payment now (or completes one their bank wants them for); staff never charge a card here
  {
    id: 'payment-plans-pay-now',
    method: 'POST',
    path: '/api/payment-plans/{id}/pay-now/',
    handler: 'functions/payment-plans/pay-now.ts',
    access: 'signed-in',
    grants: ['table:read', 'table:write', 'secret:stripe'],
    timeoutSeconds: STRIPE_CALL_TIMEOUT_SECONDS,
  },
  // finance pauses, reschedules, cancels, re-amortizes and waives late fees; the student changes the method and autopay
  {
    id: 'payment-plans-update',
    method: 'PUT',
    path: '/api/payment-plans/{id}/',
    handler: 'functions/payment-plans/update.ts',
    access: 'signed-in',
    grants: ['table:read', 'table:write', 'secret:stripe'],
    timeoutSeconds: STRIPE_CALL_TIMEOUT_SECONDS,
  },
  {
    id: 'payment-plans-list',
    method: 'GET',
    path: '/api/payment-plans/',
    handler: 'functions/payment-plans/list.ts',
    access: ['finance', 'admin'],
    grants: ['table:read', 'audit:write'],
  },
  // saving a card or bank account for plans: the student's Stripe Customer is made (and kept on the profile) when first needed
  {
    id: 'payment-methods-setup-intent',
    method: 'POST',
    path: '/api/payment-methods/setup-intent/',
    handler: 'functions/payment-methods/setup-intent.ts',
    access: 'signed-in',
    grants: ['table:read', 'table:write', 'secret:stripe'],
    timeoutSeconds: STRIPE_CALL_TIMEOUT_SECONDS,
  },
  {
    id: 'students-payment-methods-list',
    method: 'GET',
    path: '/api/students/{username}/payment-methods/',
    handler: 'functions/payment-methods/list.ts',
    access: 'signed-in',
    grants: ['table:read', 'audit:write', 'secret:stripe'],
    timeoutSeconds: STRIPE_CALL_TIMEOUT_SECONDS,
  },
  {
    id: 'students-payment-methods-delete',
    method: 'DELETE',
    path: '/api/students/{username}/payment-methods/{id}/',
    handler: 'functions/payment-methods/delete.ts',
    access: 'signed-in',
    grants: ['table:read', 'audit:write', 'secret:stripe'],
    timeoutSeconds: STRIPE_CALL_TIMEOUT_SECONDS,
  },
  {
    id: 'students-holds',
    method: 'GET',
    path: '/api/students/{username}/holds/',
    handler: 'functions/students/holds.ts',
    access: 'signed-in',
    grants: ['table:read', 'audit:write'],
  },
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof routes)[number]['id'];

export function routeById(id: RouteId): RouteDef {
  const found = routes.find((r) => r.id === id);
  if (!found) throw new Error(`Unknown route ${id}`);
  return found;
}

/** API Gateway route keys may not end in "/": `/api/courses/` -> `/api/courses`. */
export function routeKeyPath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}
