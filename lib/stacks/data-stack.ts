import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../lambdas/store/table-schema.js';
import type { StageSettings } from '../stage.js';

export interface DataStackProps extends StackProps {
  readonly stage: StageSettings;
  /** Origins allowed to PUT/POST/GET documents straight to the bucket (presigned URLs). */
  readonly corsOrigins: readonly string[];
}

/** The state of the portal: the single DynamoDB table, the document bucket and the logs bucket. */
export class DataStack extends Stack {
  readonly table: TableV2;
  readonly documentsBucket: Bucket;
  /** Server access logs of every bucket and CloudFront standard logs. */
  readonly logsBucket: Bucket;
  /** Stripe secret key + webhook signing secret; read only by the payment functions. */
  readonly stripeSecret: Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.partition, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sort, type: AttributeType.STRING },
      globalSecondaryIndexes: INDEXES.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partition, type: AttributeType.STRING },
        sortKey: { name: index.sort, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      })),
      billing: Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // markers of applied Stripe events expire on their own
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // the transactional outbox's way out (lambdas/store/outbox.ts): new images, read by the jobs stack's stream rows
      dynamoStream: StreamViewType.NEW_IMAGE,
      encryption: TableEncryptionV2.awsManagedKey(),
      deletionProtection: stage.deletionProtection,
      removalPolicy: stage.removalPolicy,
    });

    // Operations put the real values after the first deploy (README "Stripe"):
    //   aws secretsmanager put-secret-value --secret-id <arn> --secret-string '{"secretKey":"sk_...","webhookSecret":"whsec_..."}'
    this.stripeSecret = new Secret(this, 'StripeSecret', {
      description: `Portal ${stage.name}: Stripe secret key and webhook signing secret (JSON: secretKey, webhookSecret)`,
      generateSecretString: { secretStringTemplate: JSON.stringify({ secretKey: 'sk_test_replace_me' }), generateStringKey: 'webhookSecret' },
      removalPolicy: stage.removalPolicy,
    });
    Validations.of(this.stripeSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'Stripe API keys and webhook secrets are rolled in the Stripe dashboard, not by a Secrets Manager rotation Lambda; the README runbook covers rotating them.',
    });
    // It starts as a placeholder: this names where the real keys go (README "Stripe", `npm run doctor`).
    new CfnOutput(this, 'StripeSecretArn', {
      value: this.stripeSecret.secretArn,
      description: 'Put the Stripe secret key and webhook signing secret here (JSON: secretKey, webhookSecret)',
    });

    this.logsBucket = new Bucket(this, 'LogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes through an ACL grant to the awslogsdelivery account,
      // so this bucket must keep ACLs enabled (BUCKET_OWNER_ENFORCED would make delivery fail).
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(stage.name === 'prod' ? 365 : 30) }],
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: stage.autoDeleteObjects,
    });
    Validations.of(this.logsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop, and into another bucket would only move the problem.',
    });

    this.documentsBucket = new Bucket(this, 'DocumentsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 'documents-bucket/',
      cors: [
        {
          allowedMethods: [HttpMethods.PUT, HttpMethods.POST, HttpMethods.GET],
          allowedOrigins: [...props.corsOrigins],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        {
          id: 'expire-old-versions',
          // Deleted or replaced documents stay recoverable this long (runbook: recover a document).
          noncurrentVersionExpiration: Duration.days(90),
          abortIncompleteMultipartUploadAfter: Duration.days(7),
        },
        {
          id: 'expire-abandoned-uploads',
          // presigned uploads (uploads/<user>/...) are adopted or deleted at once; one never adopted is abandoned
          prefix: 'uploads/',
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      removalPolicy: stage.removalPolicy,
      autoDeleteObjects: stage.autoDeleteObjects,
    });
  }
}
