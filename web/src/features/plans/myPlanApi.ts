import { api } from '#shared/api/baseApi';
import { onSuccess } from '#shared/api/responses';
import type {
  CreatePlanRequest,
  PaymentMethodsResponse,
  PaymentPlanView,
  PayNowRequest,
  PayNowResponse,
  PlanPreview,
  SavedPaymentMethod,
  SetupIntentResponse,
} from '#contract/payment-plans';

const plansUrl = (username: string) => `/api/students/${encodeURIComponent(username)}/payment-plans/`;

/**
 * A student's own calls (lambdas/contract/payment-plans.ts): the schedule a plan would have (preview), making it,
 * their saved cards and bank accounts (and a SetupIntent to save another), and paying a payment now.
 */
export const myPlanApi = api.enhanceEndpoints({ addTagTypes: ['PaymentPlans', 'PaymentMethods', 'Holds'] }).injectEndpoints({
  endpoints: (build) => ({
    previewPlan: build.mutation<PlanPreview, { username: string; body: Pick<CreatePlanRequest, 'program_type' | 'program_id' | 'template_id'> }>({
      query: ({ username, body }) => ({ url: `${plansUrl(username)}?preview=true`, method: 'POST', body }),
    }),
    createPlan: build.mutation<PaymentPlanView, { username: string; body: CreatePlanRequest }>({
      query: ({ username, body }) => ({ url: plansUrl(username), method: 'POST', body }),
      invalidatesTags: onSuccess(['PaymentPlans', 'Holds']),
    }),
    getPaymentMethods: build.query<SavedPaymentMethod[], string>({
      query: (username) => `/api/students/${encodeURIComponent(username)}/payment-methods/`,
      transformResponse: (body: Partial<PaymentMethodsResponse> | null) => body?.payment_methods ?? [],
      providesTags: ['PaymentMethods'],
    }),
    /** Detaches a saved card or bank account (a 409 while a plan's autopay debits it). */
    removePaymentMethod: build.mutation<{ removed: true; id: string }, { username: string; id: string }>({
      query: ({ username, id }) => ({ url: `/api/students/${encodeURIComponent(username)}/payment-methods/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess(['PaymentMethods']),
    }),
    createSetupIntent: build.mutation<SetupIntentResponse, void>({
      query: () => ({ url: '/api/payment-methods/setup-intent/', method: 'POST', body: {} }),
    }),
    payNow: build.mutation<PayNowResponse, { planId: string; body: PayNowRequest }>({
      query: ({ planId, body }) => ({ url: `/api/payment-plans/${encodeURIComponent(planId)}/pay-now/`, method: 'POST', body }),
      invalidatesTags: onSuccess(['PaymentPlans', 'Holds']),
    }),
  }),
});

export const { usePreviewPlanMutation, useCreatePlanMutation, useGetPaymentMethodsQuery, useRemovePaymentMethodMutation, useCreateSetupIntentMutation, usePayNowMutation } =
  myPlanApi;
