// The user an Admin* target names, as cognito-local's own Admin* targets find it (by pool id and username),
// for the targets lib/local patches in (cognito-mfa-targets.cjs, cognito-sign-out-targets.cjs). Plain
// CommonJS: it runs inside cognito-local's child process.
'use strict';
const { InvalidParameterError, UserNotFoundError } = require('cognito-local/lib/errors.js');

/** The pool and the user `req` names; Cognito's errors when either is missing. */
async function adminTargetUser(cognito, ctx, req) {
  if (!req.UserPoolId || !req.Username) throw new InvalidParameterError('UserPoolId and Username are required');
  const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError('User does not exist.');
  return { userPool, user };
}

module.exports = { adminTargetUser };
