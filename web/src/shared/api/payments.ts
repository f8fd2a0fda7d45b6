import { api } from './baseApi';
import type { AppDispatch, RootState } from '../store/state';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse, PaymentPage, PaymentStatus, PaymentSummary } from '#contract/payments';

/**
 * Card payments, shared by the checkout (features/cart) and the student's payment history
 * (features/payments). The finance ledger's endpoints live with that feature.
 */

/** Stripe is still confirming a payment; the checkout and the payment history both say it this way. */
export const PAYMENT_PROCESSING_MESSAGE = 'Your payment is processing: it will appear once confirmed.';

/** Only a payment that moved money has a receipt: never a failed, processing, pending or canceled one. */
export const RECEIPT_STATUSES: readonly PaymentStatus[] = ['succeeded', 'refunded', 'partially_refunded'];
export const hasReceipt = (payment: Pick<PaymentSummary, 'status'>) => RECEIPT_STATUSES.includes(payment.status);

const studentPaymentsUrl = (username: string, cursor: string | null) =>
  `/api/students/${encodeURIComponent(username)}/payments/${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/** Pages of a student's payments read to find one receipt; beyond this the receipt is "not found". */
const RECEIPT_SEARCH_PAGES = 20;

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createPaymentIntent: build.mutation<CreatePaymentIntentResponse, CreatePaymentIntentRequest>({
      query: (body) => ({ url: '/api/create-payment-intent', method: 'POST', body }),
    }),
    /** The student's own payments, newest first, a page at a time (`next` is an opaque cursor). */
    getStudentPayments: build.infiniteQuery<PaymentPage, string, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.next },
      query: ({ queryArg, pageParam }) => studentPaymentsUrl(queryArg, pageParam),
      providesTags: [{ type: 'Payment', id: 'LIST' }],
    }),
    /** One payment of the student, by id, for its receipt (there is no single-payment endpoint). */
    getStudentPayment: build.query<PaymentSummary, { username: string; paymentId: string }>({
      async queryFn({ username, paymentId }, _api, _extra, baseQuery) {
        let cursor: string | null = null;
        for (let page = 0; page < RECEIPT_SEARCH_PAGES; page += 1) {
          const result = await baseQuery(studentPaymentsUrl(username, cursor));
          if (result.error) return { error: result.error };
          const data = result.data as PaymentPage;
          const found = data.results.find((payment) => payment.id === paymentId || payment.payment_intent_id === paymentId);
          if (found) return { data: found };
          if (!data.next) break;
          cursor = data.next;
        }
        return { error: { status: 404, data: { error: 'Payment not found' } } };
      },
      providesTags: (_result, _error, { paymentId }) => [{ type: 'Payment', id: paymentId }],
    }),
  }),
});

export const { useCreatePaymentIntentMutation, useGetStudentPaymentsInfiniteQuery, useGetStudentPaymentQuery } = paymentsApi;

const WATCH_INTERVAL_MS = 1500;
const WATCH_ATTEMPTS = 20;

/**
 * After the browser sees a payment succeed, the balance changes only once the server has Stripe's
 * webhook. Until the payment shows as recorded (or about 30 s pass), this re-reads the student's
 * payments; then it invalidates the student record so an open dashboard refetches the new balance.
 */
export function refreshBalanceWhenRecorded(username: string, paymentIntentId: string) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<boolean> => {
    const invalidate = () => dispatch(api.util.invalidateTags([{ type: 'Student', id: username }, 'Payment']));
    for (let attempt = 0; attempt < WATCH_ATTEMPTS; attempt += 1) {
      // Someone else may be signed in by now.
      if (getState().auth.userInfo?.username !== username) return false;
      const read = dispatch(paymentsApi.endpoints.getStudentPayments.initiate(username, { subscribe: false, forceRefetch: true }));
      const { data } = await read;
      const recorded = data?.pages[0]?.results.some((p) => p.payment_intent_id === paymentIntentId && p.status !== 'pending');
      if (recorded) {
        invalidate();
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, WATCH_INTERVAL_MS));
    }
    invalidate();
    return false;
  };
}
