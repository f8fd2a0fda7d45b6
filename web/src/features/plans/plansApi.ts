import { api } from '#shared/api/baseApi';
import { paymentPlansApi } from '#shared/api/paymentPlans';
import { onSuccess } from '#shared/api/responses';
import type { PaymentPlanView, PlanChangeRequest, PlanListResponse, PlanStatusName, PlanTemplatesRequest, PlanTemplatesResponse } from '#contract/payment-plans';

/** Rows per request of the finance plan list; "Load more" follows the server's cursor. */
export const PLAN_LIST_PAGE_SIZE = 25;

/** GET /api/payment-plans/ for one status and page. */
export const planListUrl = (status: PlanStatusName, cursor: string | null, limit = PLAN_LIST_PAGE_SIZE) =>
  `/api/payment-plans/?${new URLSearchParams({ status, limit: String(limit), ...(cursor ? { cursor } : {}) })}`;

/**
 * The finance office's calls (lambdas/contract/payment-plans.ts): the templates and hold rules (a save replaces the
 * whole set; it reads the list again, and any student's holds: the rules decide them, shared/api/holds.ts), the plan
 * list by status, and one change to one plan (finance's, or a student's own payment method and autopay).
 */
export const plansApi = api.enhanceEndpoints({ addTagTypes: ['PlanTemplates', 'Holds', 'PaymentPlans', 'PlanList'] }).injectEndpoints({
  endpoints: (build) => ({
    putPlanTemplates: build.mutation<PlanTemplatesResponse, PlanTemplatesRequest>({
      query: (body) => ({ url: '/api/payment-plan-templates/', method: 'PUT', body }),
      // the answer is the settings as saved, with their new version: the next save names it even before the list is read again
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.catch(() => null);
        if (saved) dispatch(paymentPlansApi.util.upsertQueryData('getPlanTemplates', undefined, saved.data));
      },
      invalidatesTags: onSuccess(['PlanTemplates', 'Holds']),
    }),
    getPlanList: build.infiniteQuery<PlanListResponse, PlanStatusName, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (lastPage) => lastPage.next },
      query: ({ queryArg, pageParam }) => planListUrl(queryArg, pageParam),
      providesTags: ['PlanList'],
    }),
    changePlan: build.mutation<PaymentPlanView, { planId: string; change: PlanChangeRequest }>({
      query: ({ planId, change }) => ({ url: `/api/payment-plans/${encodeURIComponent(planId)}/`, method: 'PUT', body: change }),
      invalidatesTags: onSuccess(['PaymentPlans', 'PlanList', 'Holds']),
    }),
  }),
});

export const { usePutPlanTemplatesMutation, useGetPlanListInfiniteQuery, useChangePlanMutation } = plansApi;
