import { Annotations, CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccountRecovery, CfnUserPoolGroup, FeaturePlan, Mfa, UserPool, UserPoolEmail, type UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { StageSettings } from '../stage.js';

/** Cognito's emails (invitations, password resets) through SES (context emailFrom, sesRegion). */
export interface CognitoSesEmail {
  /** e.g. noreply@school.edu; its domain is the SES identity, verified and out of the SES sandbox. */
  readonly from: string;
  /** Where that identity lives, when not in the pool's region (Cognito allows only some pairs). */
  readonly sesRegion?: string;
}

export interface AuthStackProps extends StackProps {
  readonly stage: StageSettings;
  /** Without it Cognito sends from its default address, which allows 50 emails a day (dev only: lib/app.ts). */
  readonly email?: CognitoSesEmail;
}

/**
 * Cognito groups that carry a role into the token's `cognito:groups` claim (read by the
 * handlers, see lambdas/routes.ts). A signed-in user in none of them is a student.
 */
export const USER_GROUPS = [
  { name: 'admin', precedence: 0, description: 'Portal administrators' },
  { name: 'finance', precedence: 10, description: 'Finance office: payments and ledgers' },
  { name: 'compliance', precedence: 15, description: 'Clinical compliance coordinators: health records, reviews and clearance' },
  { name: 'staff', precedence: 20, description: 'Teaching and admissions staff' },
] as const;

/**
 * SES with a verified domain in every stage that has one: Cognito's own sender allows 50 emails a day, so
 * an import inviting a cohort would stop partway
 * (https://docs.aws.amazon.com/cognito/latest/developerguide/user-pool-email.html). Prod requires it (lib/app.ts).
 */
function cognitoEmail(scope: Stack, email: CognitoSesEmail | undefined): UserPoolEmail {
  if (email) {
    return UserPoolEmail.withSES({ fromEmail: email.from, sesVerifiedDomain: email.from.slice(email.from.lastIndexOf('@') + 1), sesRegion: email.sesRegion });
  }
  // Info, not a warning: with cdk-nag's validation report every warning fails the synth, and dev may run without.
  Annotations.of(scope).addInfoV2(
    'portal:cognito-default-email',
    'No -c emailFrom=noreply@your.domain: Cognito sends invitations from its default address, 50 emails a day at most.',
  );
  return UserPoolEmail.withCognito();
}

/** Who can sign in: the user pool, its role groups and the SPA's app client. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      // The spec logs in with a username; email is an attribute, not a second way to sign in.
      signInAliases: { username: true },
      // One identity per person. Cognito cannot change this on a pool that exists (an update is
      // refused: "Updates are not allowed for property - UsernameConfiguration", aws-amplify/amplify-cli#4227);
      // a deployment whose pool was made case-sensitive keeps that (README), and the handlers canonicalize
      // every username (lambdas/contract/username.ts) whatever the pool's setting.
      signInCaseSensitive: false,
      // Accounts are created by the school (admin command / staff screens), never by visitors.
      selfSignUpEnabled: false,
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Sent when staff create an account without giving a password.
      userInvitation: {
        emailSubject: 'Your student portal account',
        emailBody: 'Hello {username}, an account was created for you on the student portal. Your temporary password is {####}',
      },
      autoVerify: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      // TOTP (authenticator apps) only; users enrol themselves. The sign-in flow requires it for the admin,
      // finance and staff groups (Cognito can only require MFA for a whole pool); students may turn it on.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      email: cognitoEmail(this, props.email),
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: stage.deletionProtection,
      removalPolicy: stage.removalPolicy,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA (TOTP) is optional at pool level because Cognito can only require it for every user: the sign-in flow requires it for the admin, finance and staff groups (those who move money or read every record), and students may turn it on.',
      },
      {
        // cdk-nag 3 replaced COG3 (advanced security mode) with COG8 (Plus feature plan).
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection needs the Cognito Plus plan, billed per monthly active user; the Essentials plan is the accepted cost trade-off for a school portal. Strong password policy and token revocation are on.',
      },
    );

    for (const group of USER_GROUPS) {
      new CfnUserPoolGroup(this, `Group-${group.name}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: group.name,
        description: group.description,
        precedence: group.precedence,
      });
    }

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // A browser SPA (and the login Lambda on its behalf) cannot keep a secret.
      generateSecret: false,
      // USER_PASSWORD_AUTH for the spec's login call; CDK always adds ALLOW_REFRESH_TOKEN_AUTH.
      authFlows: { userPassword: true },
      // No hosted UI / OAuth redirects: the SPA has its own login screen.
      disableOAuth: true,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      // 15 minutes, so an access token already issued outlives a disable or a global sign-out by
      // at most that (API Gateway's JWT authorizer cannot ask Cognito whether a token was revoked). The SPA
      // refreshes on expiry and on any 401, so nobody notices. lib/local/provision.ts sets the same.
      accessTokenValidity: Duration.minutes(15),
      idTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.days(30),
    });

    // Read by `npm run create-admin` (bin/create-admin.ts) and by operators.
    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId, description: 'Cognito user pool of the portal' });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId, description: 'App client the SPA signs in with' });
  }
}
