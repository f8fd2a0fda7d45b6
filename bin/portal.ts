/**
 * CDK entry point (cdk.json: `npx tsx bin/portal.ts`).
 *   npx cdk synth --all -c stage=dev      npx cdk deploy --all -c stage=prod
 * Needs the built SPA in web/dist (`npm run build:web`); optional context is listed in lib/app.ts.
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
buildApp({ app, stage: parseStage(app.node.tryGetContext('stage')), webAssetPath: webDist });
app.synth();
