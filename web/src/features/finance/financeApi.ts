import { api } from '#shared/api/baseApi';
import type { z } from 'zod';
import type { PaymentPage, RefundRequest } from '#contract/payments';
import { ledgerUrl, NO_FILTERS, type LedgerFilters } from './ledgerQuery';
import type { ReconcileRequest, ReconcileResult } from './reconcile';

/** POST /api/payments/{id}/refund/'s body, typed from the contract's schema (type-only, so zod is not bundled). */
type RefundRequestBody = z.input<typeof RefundRequest>;

/** The finance ledger's calls: GET /api/payments/ (finance, admin), the admin's refund, and reconciling with Stripe. */
export const financeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentLedger: build.infiniteQuery<PaymentPage, LedgerFilters, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.next },
      query: ({ queryArg, pageParam }) => ledgerUrl(queryArg, pageParam),
      providesTags: [{ type: 'Payment', id: 'LEDGER' }],
    }),
    /**
     * The newest payments of one student, to see a refund land (useRefundLanding): a small page rather
     * than the whole ledger, and outside its cache tag so the ledger reloads only once it has landed.
     */
    getStudentLedgerPage: build.query<PaymentPage, string>({
      query: (username) => ledgerUrl({ ...NO_FILTERS, username }, null),
      keepUnusedDataFor: 0,
    }),
    /** Answers 202 { status: 'pending' }: the refund shows once Stripe's webhook reaches the server. */
    refundPayment: build.mutation<{ status: string }, { paymentIntentId: string } & RefundRequestBody>({
      query: ({ paymentIntentId, ...body }) => ({
        url: `/api/payments/${encodeURIComponent(paymentIntentId)}/refund/`,
        method: 'POST',
        body,
      }),
    }),
    /**
     * POST /api/payments/reconcile/ (finance, admin). Repairs change payments and balances, so a run
     * that repaired something reloads them; so does a run the server broke off (it may have repaired
     * some before it stopped). A refused request (4xx) changed nothing.
     */
    reconcilePayments: build.mutation<ReconcileResult, ReconcileRequest>({
      query: (body) => ({ url: '/api/payments/reconcile/', method: 'POST', body }),
      invalidatesTags: (result, error) => {
        const brokeOff = error !== undefined && !(typeof error.status === 'number' && error.status < 500);
        return (result && result.repaired.length > 0) || brokeOff ? ['Payment', 'Student'] : [];
      },
    }),
  }),
});

export const { useGetPaymentLedgerInfiniteQuery, useGetStudentLedgerPageQuery, useRefundPaymentMutation, useReconcilePaymentsMutation } = financeApi;
