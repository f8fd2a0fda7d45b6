import type { AlertColor } from '@mui/material/Alert';
import { useState } from 'react';
import { browserNavigation } from '#shared/lib/leavePortal';
import { serverErrorOf } from '#shared/lib/serverError';
import { paths } from '#shared/paths';
import { PAY_FAILED } from './myPlanMessages';
import { usePayNowMutation } from './myPlanApi';

export interface PayNowNotice {
  planId: string;
  severity: AlertColor;
  text: string;
}

/**
 * Pay now / Complete payment: POST pay-now for one payment (or the next), then what Stripe said as a sentence, or,
 * when the bank wants the student, off to its 3-D Secure page, which comes back to My Plan with ?redirect_status=.
 */
export function usePayNow() {
  const [payNow, { isLoading }] = usePayNowMutation();
  const [notice, setNotice] = useState<PayNowNotice | null>(null);

  const pay = async (planId: string, seq?: number) => {
    setNotice(null);
    try {
      const answer = await payNow({ planId, body: { ...(seq === undefined ? {} : { seq }), return_path: paths.myPlan } }).unwrap();
      if (answer.outcome === 'requires_action' && answer.next_action_url) return browserNavigation.leaveFor(answer.next_action_url);
      setNotice({ planId, severity: answer.outcome === 'declined' ? 'error' : 'info', text: answer.message });
    } catch (error) {
      setNotice({ planId, severity: 'error', text: serverErrorOf(error) ?? PAY_FAILED });
    }
  };

  return { pay, paying: isLoading, notice, setNotice };
}
