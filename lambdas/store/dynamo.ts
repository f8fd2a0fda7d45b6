/**
 * The DynamoDB document client, created once per container. The endpoint comes from the SDK's own
 * configuration (AWS_ENDPOINT_URL_DYNAMODB locally), so this code is identical in the cloud.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '../config.js';

export const TABLE_NAME = requireEnv('TABLE_NAME');

export const db = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});
