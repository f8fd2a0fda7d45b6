import { CfnOutput, NestedStack, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  CfnStage,
  DomainName,
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type IHttpAuthorizer,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { routeKeyPath, routes, type RouteDef } from '../../lambdas/routes.js';
import { ApiFunction, type ApiFunctionResources } from '../constructs/api-function.js';
import { SIGN_IN_ROUTES, type StageSettings } from '../stage.js';

/** The API's own hostname, through which CloudFront reaches it (context apiDomainName, apiCertificateArn). */
export interface ApiCustomDomain {
  /** e.g. api.portal.example.edu: a DNS CNAME to the ApiDomainTarget output makes it resolve. */
  readonly domainName: string;
  /** ACM certificate covering `domainName`, in the API's own region (a regional endpoint). */
  readonly certificateArn: string;
}

export interface ApiStackProps extends StackProps {
  readonly stage: StageSettings;
  readonly resources: ApiFunctionResources;
  /** With it the execute-api endpoint is disabled, so every call passes CloudFront (and its WAF). */
  readonly customDomain?: ApiCustomDomain;
  /** Defaults to THE route table; a parameter only so tests could pass a smaller one. */
  readonly routes?: readonly RouteDef[];
}

/**
 * One HTTP API route and one Lambda per row of lambdas/routes.ts. Non-public routes carry the
 * Cognito JWT authorizer; role checks beyond "has a valid token" happen in the handler.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly functions: ReadonlyMap<string, ApiFunction>;
  /** The hostname CloudFront forwards /api/* to when the API has a custom domain. */
  readonly customDomainName?: string;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, resources } = props;

    this.api = new HttpApi(this, 'HttpApi', {
      apiName: `portal-${stage.name}`,
      description: 'Portal /api/* (reached through CloudFront, same origin as the SPA)',
      // The stage is created below so it can carry access logs and throttling.
      createDefaultStage: false,
      // A disabled execute-api endpoint answers 403 to everyone, CloudFront included, so it can only be
      // turned off once CloudFront has another way in: a custom domain, which AWS names as the one
      // (https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-disable-default-endpoint.html).
      // Without one, the execute-api URL stays reachable around CloudFront's WAF and headers (README).
      disableExecuteApiEndpoint: props.customDomain !== undefined,
    });
    const domainName =
      props.customDomain &&
      new DomainName(this, 'CustomDomain', {
        domainName: props.customDomain.domainName,
        certificate: Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
      });
    this.customDomainName = props.customDomain?.domainName;

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    const defaultStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: stage.throttle,
      domainMapping: domainName && { domainName },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    // The authorizer lives here, beside the API; every route group's routes name it.
    const jwt = new ExistingJwtAuthorizer(
      new HttpAuthorizer(this, 'CognitoJwt', {
        httpApi: this.api,
        type: HttpAuthorizerType.JWT,
        identitySource: ['$request.header.Authorization'],
        jwtIssuer: cognitoIssuer(this, resources.userPool.userPoolId),
        // Access tokens carry client_id instead of aud; API Gateway checks either against this list.
        jwtAudience: [resources.userPoolClient.userPoolClientId],
      }),
    );

    const functions = new Map<string, ApiFunction>();
    const signInRoutes: Array<{ key: string; route: HttpRoute }> = [];
    const groups = new Map<string, NestedStack>();
    for (const route of props.routes ?? routes) {
      const group = routeGroup(route);
      if (!groups.has(group)) groups.set(group, new NestedStack(this, `Routes${group}`, { description: `Portal /api routes: ${group}` }));
      const scope = groups.get(group) as NestedStack;
      const fn = new ApiFunction(scope, `Route-${route.id}`, { route, stage, resources });
      functions.set(route.id, fn);
      const isPublic = route.access === 'public';
      const authorizer: IHttpRouteAuthorizer = isPublic ? new HttpNoneAuthorizer() : jwt;
      const httpRoute = new HttpRoute(scope, `HttpRoute-${route.id}`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(routeKeyPath(route.path), HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`Integration-${route.id}`, fn.function),
        authorizer,
      });
      if ((SIGN_IN_ROUTES as readonly string[]).includes(route.id)) signInRoutes.push({ key: `${route.method} ${routeKeyPath(route.path)}`, route: httpRoute });
      if (isPublic) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is public by design (lambdas/routes.ts): it is how a user obtains a token, or a link a clinical site opens without an account.`,
        });
      }
    }
    this.functions = functions;
    throttleSignIn(defaultStage, signInRoutes, stage.signInThrottle);

    if (domainName) {
      new CfnOutput(this, 'ApiDomainTarget', {
        value: domainName.regionalDomainName,
        description: `DNS: CNAME ${domainName.name} to this (CloudFront reaches the API there; execute-api is disabled)`,
      });
    } else {
      new CfnOutput(this, 'ApiEndpoint', {
        value: this.api.apiEndpoint,
        description: 'Direct HTTP API endpoint, around CloudFront (the SPA uses the CloudFront URL + /api)',
      });
    }
  }
}

/**
 * Rate limits on signing in. Three layers:
 *  - WAF, at CloudFront (lib/stacks/waf-stack.ts): per client address, so a flood from one address
 *    (429 from WAF) no longer uses up the shared limit below for everyone else;
 *  - API Gateway: each of these routes gets its own stage route throttle (steady rate and burst, per
 *    second, for all callers together: HTTP APIs have no per-client limits), well below the default
 *    route's. Above it callers get 429 before any Lambda or Cognito call.
 *  - Cognito's own, which we do not configure: request-rate quotas per account and Region across all
 *    user pools, by category. InitiateAuth (login, refresh) and RespondToAuthChallenge (new password)
 *    are the UserAuthentication category (120 requests per second by default, raised through Service
 *    Quotas); the three route limits together stay under it, so a flood here cannot starve other
 *    pools of the account. Above a quota Cognito answers TooManyRequestsException, which the
 *    handlers turn into 429. Per user, Cognito locks an account out after five failed passwords, for
 *    1 second doubling to about 15 minutes ("Password attempts exceeded", also a 429 here).
 */

function throttleSignIn(stage: HttpStage, signInRoutes: Array<{ key: string; route: HttpRoute }>, limits: StageSettings['signInThrottle']): void {
  const settings = { ThrottlingRateLimit: limits.rateLimit, ThrottlingBurstLimit: limits.burstLimit };
  const cfnStage = stage.node.defaultChild as CfnStage;
  cfnStage.routeSettings = Object.fromEntries(signInRoutes.map((r) => [r.key, settings]));
  // Route settings name route keys, which must exist when the stage is created or updated.
  for (const r of signInRoutes) stage.node.addDependency(r.route);
}

/** `https://cognito-idp.<region>.amazonaws.com/<poolId>`: the `iss` of the pool's tokens. */
export function cognitoIssuer(scope: Construct, userPoolId: string): string {
  const stack = Stack.of(scope);
  return `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${userPoolId}`;
}

/** One JSON object per request ($context variables of HTTP APIs). */
const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  requestTime: '$context.requestTime',
  httpMethod: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  latency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  authorizerError: '$context.authorizer.error',
  user: '$context.authorizer.claims.username',
};

/**
 * Which nested stack a route's resources go in (its function, role, policy, log group, permission, integration and
 * route: seven each), by the resource it serves, so that adding a route never moves another between stacks (a move
 * replaces its function). One stack holds at most 500 resources (CloudFormation's quota,
 * https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html): ~75 routes in one
 * would not fit, and a group stays far below it. A path of a resource not named here fails the synth: name its group.
 */
const ROUTE_GROUPS: Record<string, string> = {
  users: 'Users',
  students: 'Students',
  courses: 'Courses',
  cohorts: 'Cohorts',
  documents: 'Documents',
  'document-categories': 'Documents',
  'create-payment-intent': 'Payments',
  payments: 'Payments',
  audit: 'Reports',
  dashboard: 'Reports',
  notifications: 'Notifications',
  announcements: 'Notifications',
  compliance: 'Compliance',
  'clinical-sites': 'Clinical',
  rotations: 'Clinical',
  'shared-rosters': 'Clinical',
  'payment-plan-templates': 'Plans',
  'payment-plans': 'Plans',
  'payment-methods': 'Plans',
};

export function routeGroup(route: Pick<RouteDef, 'path'>): string {
  const resource = route.path.split('/')[2] ?? '';
  const group = ROUTE_GROUPS[resource];
  if (!group) throw new Error(`${route.path}: no route group for /api/${resource}/ (lib/stacks/api-stack.ts ROUTE_GROUPS)`);
  return group;
}

/** The API's one JWT authorizer, made beside the API, as each route names it (HttpJwtAuthorizer would make it in the first route's stack). */
class ExistingJwtAuthorizer implements IHttpRouteAuthorizer {
  constructor(private readonly authorizer: IHttpAuthorizer) {}
  bind() {
    return { authorizerId: this.authorizer.authorizerId, authorizationType: 'JWT' };
  }
}
