/**
 * CDK entry point (cdk.json: `npx tsx bin/portal.ts`).
 *   npx cdk synth --all -c stage=dev
 *   npx cdk deploy --all -c stage=prod -c alarmEmail=... -c emailFrom=... -c stripePublishableKey=pk_live_...
 * Needs the built SPA in web/dist (`npm run build:web`); the context keys (prod's required ones
 * included) are listed in lib/app.ts. The CLI supplies the region; the WAF stack goes to us-east-1.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../lib/app.js';
import { parseStage } from '../lib/stage.js';

const webDist = fileURLToPath(new URL('../web/dist/', import.meta.url));
if (!existsSync(`${webDist}index.html`)) {
  console.error(`The SPA is not built: ${webDist}index.html is missing. Run \`npm run build:web\` first.`);
  process.exit(1);
}

const app = new App();
try {
  buildApp({ app, stage: parseStage(app.node.tryGetContext('stage')), webAssetPath: webDist });
} catch (error) {
  // our context checks throw plain Errors whose message names the -c value; anything else keeps its stack
  console.error(error instanceof Error && error.constructor === Error ? error.message : error);
  process.exit(1);
}
app.synth();
