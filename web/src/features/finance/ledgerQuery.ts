import type { z } from 'zod';
import type { PaymentListQuery, PaymentStatus } from '#contract/payments';
import { dateRangeProblem } from '#shared/lib/dates';

/** The ledger's filters as the form holds them: '' means "any". */
export interface LedgerFilters {
  from: string;
  to: string;
  status: PaymentStatus | '';
  username: string;
}

/** GET /api/payments/'s query, typed from the contract's schema (type-only, so zod is not bundled). */
type PaymentListFilters = z.input<typeof PaymentListQuery>;

export const NO_FILTERS: LedgerFilters = { from: '', to: '', status: '', username: '' };

/** Rows per request; "Load more" asks for the next page through the server's cursor. */
export const LEDGER_PAGE_SIZE = 50;

/** GET /api/payments/ with the filters that are set (empty ones omitted) and the page cursor. */
export function ledgerUrl(filters: LedgerFilters, cursor: string | null, limit = LEDGER_PAGE_SIZE): string {
  const query: PaymentListFilters = { limit };
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.status) query.status = filters.status;
  if (filters.username.trim()) query.username = filters.username.trim();
  if (cursor) query.cursor = cursor;
  const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return `/api/payments/?${params}`;
}

/** A problem with the filters worth stopping for, or null (the server checks the rest). */
export const filtersProblem = (filters: LedgerFilters): string | null => dateRangeProblem(filters);
