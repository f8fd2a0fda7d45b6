/**
 * GET /api/dashboard/: the landing figures of a staff role, per the caller's groups.
 * Staff get `documents`, finance get `money`, admins get both and `cohorts`; a part the caller may
 * not see is absent (never null-filled). Money is integer cents; the SPA shows dollars.
 */

/** One mandatory (or signature) document and how many of the students it applies to have acknowledged it. */
export interface DashboardAcknowledgement {
  document_id: string;
  title: string;
  expected: number;
  acknowledged: number;
  /** expected - acknowledged: who still has to acknowledge it. */
  awaiting: number;
}

export interface DashboardUpload {
  document_id: string;
  title: string;
  scope: 'individual' | 'cohort' | 'program' | 'general';
  uploaded_at: string;
  uploaded_by: string;
}

export interface DashboardDocuments {
  /** The most recent mandatory documents (at most 8), newest first. */
  awaiting_acknowledgement: DashboardAcknowledgement[];
  /** The latest uploads (at most 5), newest first. */
  recent_uploads: DashboardUpload[];
}

/** A day's card payments (UTC), gross of refunds. */
export interface DashboardDay {
  date: string;
  collected_cents: number;
  payments: number;
}

export interface DashboardMoney {
  /** The calendar month (UTC) the figures below cover, YYYY-MM. */
  month: string;
  /** Payments that moved money this month (succeeded, later refunded or not), gross. */
  collected_cents: number;
  /** Refunds that landed this month, whenever their payment was made. */
  refunded_cents: number;
  /** collected - refunded. */
  net_cents: number;
  payments: number;
  refunds: number;
  /** The last 30 days, oldest first, one entry per day (zero days included). */
  daily: DashboardDay[];
}

export interface DashboardCohort {
  cohort_id: string;
  label: string;
  is_active: boolean;
  students: number;
  /** Students who owe nothing. */
  paid: number;
  /** Students with a balance above 0, and what they owe in all. */
  outstanding: number;
  outstanding_cents: number;
}

export interface DashboardSummary {
  generated_at: string;
  documents?: DashboardDocuments;
  money?: DashboardMoney;
  cohorts?: DashboardCohort[];
}
