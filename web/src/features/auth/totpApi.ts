/** A student turning on two-step sign-in: POST /api/users/totp/ and /verify/, through the app's API (bearer token, refresh). */
import { api } from '#shared/api/baseApi';
import type { TotpSecret } from '#contract/mfa';

export const totpApi = api.injectEndpoints({
  endpoints: (build) => ({
    startTotp: build.mutation<TotpSecret, void>({
      query: () => ({ url: '/api/users/totp/', method: 'POST', body: {} }),
    }),
    verifyTotp: build.mutation<{ mfa_enabled: true }, string>({
      query: (code) => ({ url: '/api/users/totp/verify/', method: 'POST', body: { code } }),
    }),
  }),
});

export const { useStartTotpMutation, useVerifyTotpMutation } = totpApi;
