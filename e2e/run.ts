import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { accessibilityJourneys } from './accessibility.ts';
import { contentJourneys } from './content.ts';
import { contentAdminJourneys } from './content-admin.ts';
import { drawJourneys } from './draws.ts';
import { eventJourneys } from './events.ts';
import { journeys as basics } from './journeys.ts';
import { accessibility } from './lib/accessibility.ts';
import { Api } from './lib/api.ts';
import { Journey, launchChromium, SCREENSHOT_DIR } from './lib/harness.ts';
import { REPO_ROOT, type RunningServer, startServer } from './lib/server.ts';
import { messageJourneys } from './messages.ts';
import { moneyJourneys } from './money.ts';
import { pointsJourneys } from './points.ts';
import { profileJourneys } from './profile.ts';
import { pwaJourneys } from './pwa.ts';
import { rankJourneys } from './rank.ts';
import { routeJourneys } from './routes.ts';
import { screenJourneys } from './screens.ts';
import { smsJourneys } from './sms.ts';
import { statementJourneys } from './statement.ts';
import { surpriseJourneys } from './surprises.ts';
import { teamJourneys } from './team.ts';
import { vipJourneys } from './vip.ts';

const JOURNEY_TIMEOUT_MS = 90_000;
const journeys = {
  ...basics,
  ...moneyJourneys,
  ...teamJourneys,
  ...rankJourneys,
  ...vipJourneys,
  ...pointsJourneys,
  ...drawJourneys,
  ...eventJourneys,
  ...messageJourneys,
  ...contentJourneys,
  ...contentAdminJourneys,
  ...profileJourneys,
  ...routeJourneys,
  ...surpriseJourneys,
  ...smsJourneys,
  ...statementJourneys,
  ...pwaJourneys,
  ...screenJourneys,
  ...accessibilityJourneys,
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`journey did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The server lists the built files when it starts: a rebuild during the run leaves blank pages. */
const BUILDS = ['apps/web/dist/index.html', 'apps/admin/dist/index.html'].map((file) => path.join(REPO_ROOT, file));
const builtAt = () => BUILDS.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0).join();

/** First lines of an error, without terminal colours. */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return stripVTControlCharacters(message).split('\n').slice(0, 3).join(' | ');
}

/** A documentation address (TEST-NET-3) of its own for each journey: 203.0.113.1, .2, … */
function journeyAddress(index: number): string {
  return `203.0.113.${(index % 254) + 1}`;
}

let server: RunningServer | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: stopping the server`);
    void (server?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
}

/** Browser journeys against the production build: `npm run build && npm run e2e` (filter: `npm run e2e -- wallet`). */
async function main(): Promise<number> {
  const filter = process.argv.slice(2).join(' ').toLowerCase();
  const selected = Object.entries(journeys).filter(([name]) => !filter || name.toLowerCase().includes(filter));
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });

  let passed = 0;
  let failed = 0;
  const build = builtAt();
  if (build.split(',').includes('0')) console.log('warning: apps/web or apps/admin is not built (npm run build)');
  try {
    server = await startServer();
    const browser = await launchChromium();
    try {
      for (const [index, [name, run]] of selected.entries()) {
        const api = new Api(server.baseUrl, journeyAddress(index));
        const journey = new Journey(name.replace(/\W+/g, '-'), server.baseUrl, api, browser);
        const started = Date.now();
        try {
          await withTimeout(
            run(journey).then(() => journey.checkOpenPages()),
            JOURNEY_TIMEOUT_MS,
          );
          passed += 1;
          console.log(`✓ ${name} (${Date.now() - started} ms)`);
        } catch (error) {
          failed += 1;
          await journey.shotOnFailure();
          console.log(`✗ ${name}: ${describe(error)}`);
          if (journey.problems.length) console.log(`    (${journey.problems.slice(0, 5).join('; ')})`);
          if (builtAt() !== build) console.log('    (apps/web or apps/admin was rebuilt during the run: run again)');
        } finally {
          await journey.close();
        }
      }
    } finally {
      await browser.close();
    }
    const audit = accessibility.report(path.join(REPO_ROOT, 'e2e/.tmp/accessibility.json'));
    for (const line of audit.lines) console.log(line);
    if (audit.failed) failed += 1;
  } catch (error) {
    failed += 1;
    console.log(`✗ setup: ${describe(error)}`);
    if (server) console.log(server.logTail());
  } finally {
    const errors = failed > 0 ? (server?.errors() ?? []) : [];
    if (errors.length) console.log(`server errors (${server?.logFile}):\n  ${errors.slice(0, 5).join('\n  ')}`);
    await server?.stop();
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
