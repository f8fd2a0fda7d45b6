import { api } from '../../app/api';
import type { PaymentPage, RefundRequestBody } from '../../contract';
import { ledgerUrl, type LedgerFilters } from './ledgerQuery';

/** The finance ledger's calls: GET /api/payments/ (finance, admin) and the admin's refund. */
export const financeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentLedger: build.infiniteQuery<PaymentPage, LedgerFilters, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.next },
      query: ({ queryArg, pageParam }) => ledgerUrl(queryArg, pageParam),
      providesTags: [{ type: 'Payment', id: 'LEDGER' }],
    }),
    /** Answers 202 { status: 'pending' }: the refund shows once Stripe's webhook reaches the server. */
    refundPayment: build.mutation<{ status: string }, { paymentIntentId: string } & RefundRequestBody>({
      query: ({ paymentIntentId, ...body }) => ({
        url: `/api/payments/${encodeURIComponent(paymentIntentId)}/refund/`,
        method: 'POST',
        body,
      }),
    }),
  }),
});

export const { useGetPaymentLedgerInfiniteQuery, useRefundPaymentMutation } = financeApi;
