export type DiffKind = 'added' | 'removed' | 'changed' | 'same';

export interface DiffLine {
  path: string;
  kind: DiffKind;
  before?: unknown;
  after?: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Flat list of differences between two JSON values, by dotted path. Objects are compared key by
 * key; arrays and scalars as a whole.
 */
export function jsonDiff(before: unknown, after: unknown, path = ''): DiffLine[] {
  // A created or deleted record: compare against an empty object so each field is listed.
  if (before == null && isPlainObject(after)) before = {};
  if (after == null && isPlainObject(before)) after = {};
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => {
      const child = path ? `${path}.${key}` : key;
      if (!(key in before)) return [{ path: child, kind: 'added' as const, after: after[key] }];
      if (!(key in after)) return [{ path: child, kind: 'removed' as const, before: before[key] }];
      return jsonDiff(before[key], after[key], child);
    });
  }
  const label = path || '(value)';
  if (before === undefined || before === null) {
    if (after === undefined || after === null) return [{ path: label, kind: 'same', before, after }];
    return [{ path: label, kind: 'added', after }];
  }
  if (after === undefined || after === null) return [{ path: label, kind: 'removed', before }];
  if (same(before, after)) return [{ path: label, kind: 'same', before, after }];
  return [{ path: label, kind: 'changed', before, after }];
}

/** Compact JSON for a CSV cell; nothing for a missing side. */
export function jsonText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}
