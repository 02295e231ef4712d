import type { CSSProperties } from 'react';
import { formatMoney } from '../lib/format.ts';

// Tabular digits keep a column's amounts aligned; an amount never breaks between its symbol and digits.
const figures: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

/** An amount as the operator reads it: the platform's currency, grouped their way, in aligned digits. */
export function Money({ value, strong = false }: { value: string | null | undefined; strong?: boolean }) {
  const text = formatMoney(value);
  return strong ? <strong style={figures}>{text}</strong> : <span style={figures}>{text}</span>;
}

/** A table column's `render` for an amount. */
export function renderMoney(value: string | null | undefined) {
  return <Money value={value} />;
}
