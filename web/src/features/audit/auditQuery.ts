import type { AuditListFilters } from '#contract/audit';
import { dateRangeProblem } from '#shared/lib/dates';

/** The Audit screen's filters as the form holds them: '' means "any". */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', action: '', from: '', to: '' };

/** Entries per request; "Load more" asks for the next page through the server's cursor. */
export const AUDIT_PAGE_SIZE = 50;

/** GET /api/audit/ with the filters that are set (empty ones omitted) and the page cursor. */
export function auditUrl(filters: AuditFilters, cursor: string | null, limit = AUDIT_PAGE_SIZE): string {
  const query: AuditListFilters = { limit };
  if (filters.actor.trim()) query.actor = filters.actor.trim();
  if (filters.action) query.action = filters.action;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (cursor) query.cursor = cursor;
  const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `/api/audit/?${params}`;
}

/** A problem with the filters worth stopping for, or null (the server checks the rest). */
export const filtersProblem = (filters: AuditFilters): string | null => dateRangeProblem(filters);

/**
 * "cohort 2025-2026 Cohort 1 (Practical Nursing) (12 students)": what an entry is about, by the name
 * the server stored with it; the kind and id only if an answer ever lacks one.
 */
export function subjectOf(entry: { entity_type: string; entity_id: string; subject?: string; detail?: unknown }): string {
  const count = (entry.detail as { count?: unknown } | undefined)?.count;
  const shown = typeof count === 'number' ? ` (${count} ${count === 1 ? 'student' : 'students'})` : '';
  return `${entry.subject ?? `${entry.entity_type} ${entry.entity_id}`}${shown}`;
}
