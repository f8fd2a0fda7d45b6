import { api } from './baseApi';
import type { PaymentPlanView, PlanTemplatesResponse } from '#contract/payment-plans';

/**
 * The plan templates on offer (GET /api/payment-plan-templates/: students see the active ones) and a student's plans
 * (GET /api/students/{username}/payment-plans/). Here rather than in a feature: the student's dashboard (My Bill's
 * "Set up a payment plan", the My Plan card) and the plan pages (features/plans) all read them.
 */
export const paymentPlansApi = api.enhanceEndpoints({ addTagTypes: ['PlanTemplates', 'PaymentPlans'] }).injectEndpoints({
  endpoints: (build) => ({
    getPlanTemplates: build.query<PlanTemplatesResponse, void>({
      query: () => '/api/payment-plan-templates/',
      providesTags: ['PlanTemplates'],
    }),
    getStudentPlans: build.query<PaymentPlanView[], string>({
      query: (username) => `/api/students/${encodeURIComponent(username)}/payment-plans/`,
      transformResponse: (body: { plans?: PaymentPlanView[] } | null) => body?.plans ?? [],
      providesTags: ['PaymentPlans'],
    }),
  }),
});

export const { useGetPlanTemplatesQuery, useGetStudentPlansQuery } = paymentPlansApi;
