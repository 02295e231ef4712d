import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(repo, 'node_modules/.bin/biome');

interface Diagnostic {
  category: string;
  location: { path: string };
}

/** The files in which the layer rule (biome.json's noRestrictedImports overrides) finds an import. */
function layerViolations(cwd: string, target: string): string[] {
  let output: string;
  try {
    output = execFileSync(
      biome,
      ['lint', '--vcs-enabled=false', '--only=style/noRestrictedImports', '--reporter=json', target],
      { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch (error) {
    // Biome exits non-zero when it finds something; the report is on stdout all the same.
    output = (error as { stdout: string }).stdout;
  }
  const { diagnostics } = JSON.parse(output) as { diagnostics: Diagnostic[] };
  return diagnostics
    .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
    .map((diagnostic) => diagnostic.location.path.split(path.sep).join('/'));
}

/** One import per file, placed where the repository's own layers are, linted with its own biome.json. */
const upward: Record<string, string> = {
  'ledger/from-http.ts': "import { errorEnvelope } from '../http/errors.ts';",
  'ledger/from-module.ts': "import { recordAudit } from '../modules/audit/service.ts';",
  'ledger/from-app.ts': "import { buildApp } from '../app.ts';",
  'db/from-ledger.ts': "import { postEntry } from '../ledger/post.ts';",
  'domain/from-db.ts': "import { queryRows } from '../db/client.ts';",
  'domain/from-orm.ts': "import { sql } from 'drizzle-orm';",
  'http/from-module.ts': "import { WalletService } from '../modules/wallet/service.ts';",
  'limits/from-http.ts': "import { createRouter } from '../http/router.ts';",
  'notify/from-module.ts': "import { AuditService } from '../modules/audit/service.ts';",
  'modules/wallet/from-router.ts': "import type { Route } from '../../http/router.ts';",
  'modules/wallet/from-routes.ts': "import { holdingRoutes } from '../holdings/routes.ts';",
  'modules/wallet/from-request.ts': "import type { FastifyRequest } from 'fastify';",
  'modules/wallet/routes.ts': "import type { Db } from '../../db/client.ts';",
  'modules/holdings/routes.ts': "import { eq } from 'drizzle-orm';",
  'modules/system/routes.ts': "import { checkLedger } from '../../ledger/check.ts';",
  'modules/wallet/rules.ts': "import { queryRows } from '../../db/client.ts';",
  'modules/system/rules.ts': "import type { Clock } from '../../clock.ts';",
  'modules/records/rules.ts': "import type { ConfigService } from '../config/service.ts';",
};

const downward: Record<string, string> = {
  'ledger/from-db.ts': "import { queryRows } from '../db/client.ts';",
  'ledger/from-domain.ts': "import { AppError } from '../domain/errors.ts';",
  'db/from-security.ts': "import { randomDigits } from '../security.ts';",
  'http/from-domain.ts': "import { AppError } from '../domain/errors.ts';",
  'modules/wallet/from-ledger.ts': "import { postEntry } from '../../ledger/post.ts';",
  'modules/wallet/from-limits.ts': "import { enforceLimit } from '../../limits/enforce.ts';",
  'modules/wallet/from-sibling-service.ts': "import type { ConfigService } from '../config/service.ts';",
  'modules/wallet/from-logger.ts': "import type { FastifyBaseLogger } from 'fastify';",
  'modules/accounts/routes.ts': "import type { Route } from '../../http/router.ts';",
  'modules/deposits/routes.ts': "import { errorEnvelope } from '../../http/errors.ts';",
  'app.ts': "import { WalletService } from './modules/wallet/service.ts';",
  'modules/accounts/rules.ts': "import { zonedWeekday } from '../../time.ts';",
  'modules/admins/rules.ts': "import { AppError } from '../../domain/errors.ts';",
};

describe('the one direction of imports (lint)', () => {
  let scratch: string;
  let flagged: string[];

  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'layers-'));
    copyFileSync(path.join(repo, 'biome.json'), path.join(scratch, 'biome.json'));
    for (const [file, line] of Object.entries({ ...upward, ...downward })) {
      const target = path.join(scratch, 'apps/server/src', file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${line}\n`);
    }
    flagged = layerViolations(scratch, 'apps');
  });

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it.each(Object.entries(upward))('fails on an upward import in %s', (file) => {
    expect(flagged).toContain(`apps/server/src/${file}`);
  });

  it.each(Object.entries(downward))('lets a downward import in %s through', (file) => {
    expect(flagged).not.toContain(`apps/server/src/${file}`);
  });

  it('finds no upward import in the server as it is', () => {
    expect(layerViolations(repo, 'apps/server/src')).toEqual([]);
  });
});
