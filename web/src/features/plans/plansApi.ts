import { api } from '#shared/api/baseApi';
import { onSuccess } from '#shared/api/responses';
import type { PlanTemplatesRequest, PlanTemplatesResponse } from '#contract/payment-plans';

const URL = '/api/payment-plan-templates/';

/**
 * The finance office's payment plan templates and hold rules (lambdas/contract/payment-plans.ts). A save replaces the
 * whole set; it reads the list again, and any student's holds (the rules decide them: shared/api/holds.ts).
 */
export const plansApi = api.enhanceEndpoints({ addTagTypes: ['PlanTemplates', 'Holds'] }).injectEndpoints({
  endpoints: (build) => ({
    getPlanTemplates: build.query<PlanTemplatesResponse, void>({
      query: () => URL,
      providesTags: ['PlanTemplates'],
    }),
    putPlanTemplates: build.mutation<PlanTemplatesResponse, PlanTemplatesRequest>({
      query: (body) => ({ url: URL, method: 'PUT', body }),
      invalidatesTags: onSuccess(['PlanTemplates', 'Holds']),
    }),
  }),
});

export const { useGetPlanTemplatesQuery, usePutPlanTemplatesMutation } = plansApi;
