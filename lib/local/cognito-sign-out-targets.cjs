// Revocation where cognito-local 5.3 falls short of Cognito, patched into its target table before
// it serves (required by cognito-local-main.cjs; plain CommonJS because it runs inside that child process):
//  - AdminUserGlobalSignOut is missing: added. Cognito then refuses every refresh token it issued to the
//    user (https://docs.aws.amazon.com/cognito-user-identity-pools/latest/APIReference/API_AdminUserGlobalSignOut.html);
//    cognito-local keeps a user's refresh tokens on the user (RefreshTokens), so they are all dropped.
//    Cognito also refuses the user's older access tokens at its own user APIs (GetUser...): not modelled
//    here (README "Local vs cloud"); the portal's API never asks Cognito about an access token it did not just get.
//  - REFRESH_TOKEN_AUTH ignores a disabled user: Cognito refuses it ("User is disabled."), and so does this.
'use strict';
const { Targets } = require('cognito-local/lib/targets/targets.js');
const { NotAuthorizedError } = require('cognito-local/lib/errors.js');
const { adminTargetUser } = require('./cognito-admin-user.cjs');

Targets.AdminUserGlobalSignOut =
  ({ cognito }) =>
  async (ctx, req) => {
    const { userPool, user } = await adminTargetUser(cognito, ctx, req);
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };

const initiate = Targets.InitiateAuth;
Targets.InitiateAuth = (services) => {
  const answer = initiate(services);
  return async (ctx, req) => {
    const token = req?.AuthParameters?.REFRESH_TOKEN;
    if ((req?.AuthFlow === 'REFRESH_TOKEN_AUTH' || req?.AuthFlow === 'REFRESH_TOKEN') && token) {
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByRefreshToken(ctx, token);
      if (user && user.Enabled === false) throw new NotAuthorizedError('User is disabled.');
    }
    return answer(ctx, req);
  };
};

// cognito-local looks users up as a property of a plain object, so "constructor", "toString" and the
// like name Object.prototype's members, and AdminGetUser or AdminUserGlobalSignOut "find" a user Cognito
// would answer UserNotFoundException for. Only a stored user record (one with a Username) is a user.
const { UserPoolServiceImpl } = require('cognito-local/lib/services/userPoolService.js');
const getUserByUsername = UserPoolServiceImpl.prototype.getUserByUsername;
UserPoolServiceImpl.prototype.getUserByUsername = async function guarded(ctx, username) {
  const user = await getUserByUsername.call(this, ctx, username);
  return user && typeof user === 'object' && typeof user.Username === 'string' ? user : null;
};
