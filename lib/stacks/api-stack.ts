import { CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { routeKeyPath, routes, type RouteDef } from '../../lambdas/routes.js';
import { ApiFunction, type ApiFunctionResources } from '../constructs/api-function.js';
import type { StageSettings } from '../stage.js';

export interface ApiStackProps extends StackProps {
  readonly stage: StageSettings;
  readonly resources: ApiFunctionResources;
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

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { stage, resources } = props;

    this.api = new HttpApi(this, 'HttpApi', {
      apiName: `portal-${stage.name}`,
      description: 'Portal /api/* (reached through CloudFront, same origin as the SPA)',
      // The stage is created below so it can carry access logs and throttling.
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stage.logRetention,
      removalPolicy: stage.removalPolicy,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: stage.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });

    const jwt = new HttpJwtAuthorizer('CognitoJwt', cognitoIssuer(this, resources.userPool.userPoolId), {
      // Access tokens carry client_id instead of aud; API Gateway checks either against this list.
      jwtAudience: [resources.userPoolClient.userPoolClientId],
    });

    const functions = new Map<string, ApiFunction>();
    for (const route of props.routes ?? routes) {
      const fn = new ApiFunction(this, `Route-${route.id}`, { route, stage, resources });
      functions.set(route.id, fn);
      const isPublic = route.access === 'public';
      const authorizer: IHttpRouteAuthorizer = isPublic ? new HttpNoneAuthorizer() : jwt;
      const httpRoute = new HttpRoute(this, `HttpRoute-${route.id}`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(routeKeyPath(route.path), HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`Integration-${route.id}`, fn.function),
        authorizer,
      });
      if (isPublic) {
        Validations.of(httpRoute).acknowledge(
          {
            id: 'AwsSolutions-APIG4',
            reason: `${route.method} ${route.path} is public by design (lambdas/routes.ts): it is how a user obtains a token in the first place.`,
          },
        );
      }
    }
    this.functions = functions;

    new CfnOutput(this, 'ApiEndpoint', {
      value: this.api.apiEndpoint,
      description: 'Direct HTTP API endpoint (the SPA uses the CloudFront URL + /api)',
    });
  }
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
