import { fromMinor, type StatementLine } from '@app/contracts';
import type { WalletLine } from './rules.ts';

/** A line as the statement shows it; a movement with nothing more to say is named by its type. */
export function presentStatementLine(
  line: WalletLine,
  source: string | null,
  figures: { decimals: number },
): StatementLine {
  return {
    id: line.id,
    at: line.createdAt.toISOString(),
    kind: line.type,
    source: source ?? '',
    amount: fromMinor(line.amount, figures.decimals),
    balanceAfter: fromMinor(line.balanceAfter, figures.decimals),
  };
}
