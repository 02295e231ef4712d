import { describe, expect, it } from 'vitest';
import { jsonDiff } from './diff.ts';

describe('jsonDiff', () => {
  it('lists changed, added and removed keys by path', () => {
    const lines = jsonDiff({ a: 1, b: { c: 'x', d: true }, gone: 1 }, { a: 2, b: { c: 'x', d: false }, e: [1] });
    expect(lines).toEqual([
      { path: 'a', kind: 'changed', before: 1, after: 2 },
      { path: 'b.c', kind: 'same', before: 'x', after: 'x' },
      { path: 'b.d', kind: 'changed', before: true, after: false },
      { path: 'e', kind: 'added', after: [1] },
      { path: 'gone', kind: 'removed', before: 1 },
    ]);
  });

  it('lists every field of a created or deleted record', () => {
    expect(jsonDiff(null, { status: 'frozen' })).toEqual([{ path: 'status', kind: 'added', after: 'frozen' }]);
    expect(jsonDiff({ role: 'finance' }, undefined)).toEqual([{ path: 'role', kind: 'removed', before: 'finance' }]);
  });

  it('compares scalars at the top level', () => {
    expect(jsonDiff(false, true)).toEqual([{ path: '(value)', kind: 'changed', before: false, after: true }]);
  });

  it('compares arrays as a whole', () => {
    expect(jsonDiff({ days: [1, 2] }, { days: [1, 2] })).toEqual([
      { path: 'days', kind: 'same', before: [1, 2], after: [1, 2] },
    ]);
  });
});
