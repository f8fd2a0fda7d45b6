import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct, IConstruct } from 'constructs';
import type { RuntimeConfig } from '../../lambdas/contract/runtime-config.js';
import { SPA_FALLBACK_JS, STRIP_TRAILING_SLASH_JS } from '../constructs/edge-code.js';
import { acknowledgeWildcards, cdkAssetsBucketObjects, wildcardAction, wildcardResource } from '../constructs/nag.js';
import { CONTENT_SECURITY_POLICY, HSTS_MAX_AGE_SECONDS } from '../security-headers.js';
import type { StageSettings } from '../stage.js';

export interface CustomDomain {
  readonly domainName: string;
  /** ACM certificate in us-east-1 (CloudFront's requirement) covering `domainName`. */
  readonly certificateArn: string;
}

export interface WebStackProps extends StackProps {
  readonly stage: StageSettings;
  /** The built SPA (vite's dist folder): must contain index.html. */
  readonly webAssetPath: string;
  readonly api: IHttpApi;
  /** The API's custom domain (lib/stacks/api-stack.ts); without it CloudFront uses the execute-api hostname. */
  readonly apiCustomDomain?: string;
  /** ARN of the WAF web ACL (lib/stacks/waf-stack.ts, in us-east-1). */
  readonly webAclArn: string;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  readonly logsBucket: IBucket;
  readonly stripePublishableKey: string;
  readonly customDomain?: CustomDomain;
}

/**
 * The browser's single origin: CloudFront serves the SPA from a private bucket and forwards
 * /api/* to the HTTP API, so the SPA needs no CORS and `apiBase` is ''.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: stage.autoDeleteObjects,
    });

    // Same headers as the local gateway (lib/security-headers.ts), on SPA and API responses.
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Portal ${stage.name}: CSP, HSTS and friends`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Serves /index.html for client-side routes (paths without a file extension)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(SPA_FALLBACK_JS),
    });
    const stripTrailingSlash = new CloudFrontFunction(this, 'ApiStripTrailingSlash', {
      comment: 'Strips the trailing slash of spec paths: API Gateway route keys cannot end in /',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(STRIP_TRAILING_SLASH_JS),
    });

    // Host stays the origin's (ALL_VIEWER_EXCEPT_HOST_HEADER): API Gateway routes by it, to the API or to
    // the custom domain's mapping.
    const apiDomain = props.apiCustomDomain ?? `${props.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const certificate = props.customDomain ? Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn) : undefined;

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Portal ${stage.name}`,
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      domainNames: props.customDomain ? [props.customDomain.domainName] : undefined,
      certificate,
      minimumProtocolVersion: certificate ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        // Not errorResponses: those would also rewrite the API's JSON 404/403 into index.html.
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiDomain),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Forwards Authorization, query strings and cookies; Host must stay API Gateway's.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: stripTrailingSlash, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });
    Validations.of(this.distribution).acknowledge(
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Students and staff sign in from abroad (placements, travel); access is controlled by Cognito, not by country.',
      },
      ...(certificate
        ? []
        : [
            {
              id: 'AwsSolutions-CFR4',
              reason:
                'No custom domain configured (context domainName/certificateArn): the default *.cloudfront.net certificate cannot be pinned to TLSv1.2_2021. With a custom domain TLSv1.2_2021 is set.',
            },
          ]),
    );

    this.deploySite(props);

    new CfnOutput(this, 'DistributionUrl', {
      value: `https://${props.customDomain?.domainName ?? this.distribution.distributionDomainName}`,
      description: 'The portal (SPA + /api)',
    });
  }

  /**
   * Hashed build output under assets/ is cached for a year; everything else (index.html,
   * config.json, favicon...) is revalidated on every load so a deploy shows up at once.
   * No pruning: a browser still holding the previous index.html must find its old assets.
   */
  private deploySite(props: WebStackProps): void {
    const deploymentLogs = new LogGroup(this, 'DeploymentLogs', {
      retention: props.stage.logRetention,
      removalPolicy: props.stage.removalPolicy,
    });
    // Our own role instead of the default one with AWSLambdaBasicExecutionRole: logs go only to
    // deploymentLogs. BucketDeployment adds the asset-read and site-bucket-write grants to it.
    const deploymentRole = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built SPA and config.json into the site bucket',
    });
    deploymentLogs.grantWrite(deploymentRole);
    const common = { destinationBucket: this.siteBucket, prune: false, logGroup: deploymentLogs, role: deploymentRole };

    const hashedAssets = join(props.webAssetPath, 'assets');
    if (existsSync(hashedAssets)) {
      new BucketDeployment(this, 'DeployHashedAssets', {
        ...common,
        sources: [Source.asset(hashedAssets)],
        destinationKeyPrefix: 'assets/',
        cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      });
    }

    const runtimeConfig: RuntimeConfig = {
      stage: props.stage.name,
      apiBase: '',
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      payments: { mode: 'stripe', publishableKey: props.stripePublishableKey },
    };
    new BucketDeployment(this, 'DeploySiteShell', {
      ...common,
      sources: [Source.asset(props.webAssetPath, { exclude: ['assets', 'assets/**'] }), Source.jsonData('config.json', runtimeConfig)],
      cacheControl: [CacheControl.noCache()],
    });

    acknowledgeWildcards(
      deploymentRole,
      'BucketDeployment grants: read the CDK assets bucket (the zipped SPA) and write/delete objects of the site bucket; object keys are the build output, unknown in advance.',
      () => [
        ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map(wildcardAction),
        cdkAssetsBucketObjects(this),
        wildcardResource(this, this.siteBucket.arnForObjects('*')),
      ],
    );
    Validations.of(singletonChild(this, 'Custom::CDKBucketDeployment')).acknowledge({
      id: 'AwsSolutions-L1',
      reason: 'The BucketDeployment handler is a CDK-provided singleton whose runtime is chosen by aws-cdk-lib; it follows CDK upgrades.',
    });
  }
}

/** The stack-level singleton a CDK construct creates (its id starts with `prefix`). */
function singletonChild(stack: Stack, prefix: string): IConstruct {
  const found = stack.node.children.find((child) => child.node.id.startsWith(prefix));
  if (!found) throw new Error(`No ${prefix}* singleton in ${stack.stackName}: did aws-cdk-lib rename it?`);
  return found;
}
