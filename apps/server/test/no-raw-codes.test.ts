import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES, MAINTENANCE_CODE, SESSION_CODES, SUCCESS_CODE } from '@app/contracts';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Everything outside the contracts that talks to the API: the apps, their tests, the journeys, faults and bench. */
const FOLDERS = ['apps', 'e2e', 'faults', 'bench'];
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const SKIPPED = new Set(['node_modules', 'dist']);

const CODES = new Set<number>([...Object.values(ERROR_CODES), SUCCESS_CODE, MAINTENANCE_CODE, ...SESSION_CODES]);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/** `file:line: text` for every line that writes an answer code as a number. */
function rawCodes(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(/(?<![\w.])\d{6}(?!\w)/g)]
        .filter(([digits]) => CODES.has(Number(digits)))
        .map(() => `${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`),
    );
}

describe('answer codes are named, never written as numbers', () => {
  it('finds a code written as a number, in code, a string or a comment, and nothing else', () => {
    const source = [
      `expect(answer.code).toBe(${ERROR_CODES.PRODUCT_OFF_SALE});`,
      `it('answers ${SUCCESS_CODE}', () => {});`,
      `// the next call answers ${ERROR_CODES.ACCOUNT_FROZEN}`,
      'expect(answer.code).toBe(ERRORS.PRODUCT_OFF_SALE.code);',
      "const amount = 5000_00; const payPassword = '246810'; const id = 999999; const big = 1000000;",
    ].join('\n');
    expect(rawCodes(path.join(ROOT, 'apps/x.ts'), source).map((hit) => hit.split(':')[1])).toEqual(['1', '2', '3']);
  });

  it('no client, server or test outside the contracts writes a code as a number', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => rawCodes(file, readFileSync(file, 'utf8')))).toEqual([]);
  });
});
