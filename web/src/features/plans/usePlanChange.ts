import { useState } from 'react';
import type { PlanChangeRequest } from '#contract/payment-plans';
import { serverErrorOf } from '#shared/lib/serverError';
import { TOAST_MS, useToast } from '#shared/toast/useToast';
import { CHANGE_FAILED } from './myPlanMessages';
import { useChangePlanMutation } from './plansApi';

/** One change to one plan (PUT /api/payment-plans/{id}/): the toast `done` once saved, else the refusal in words as `failure`. */
export function usePlanChange(planId: string) {
  const toast = useToast(TOAST_MS);
  const [change, { isLoading }] = useChangePlanMutation();
  const [failure, setFailure] = useState<string | null>(null);

  /** True once saved. */
  const send = async (request: PlanChangeRequest, done: string): Promise<boolean> => {
    setFailure(null);
    try {
      await change({ planId, change: request }).unwrap();
      toast(done, 'success');
      return true;
    } catch (error) {
      setFailure(serverErrorOf(error) ?? CHANGE_FAILED);
      return false;
    }
  };

  return { send, busy: isLoading, failure, setFailure };
}
