import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseInput, someChange } from './validation.ts';

const note = z.object({ title: z.string(), tags: z.array(z.string()).optional() });

describe('text no column can store is refused wherever it is', () => {
  it('a NUL or a lone surrogate in a field, a list or a key answers TEXT_UNSTORABLE with its path', () => {
    const cases: [unknown, PropertyKey[]][] = [
      [{ title: 'a\u0000b' }, ['title']],
      [{ title: 'ok', tags: ['fine', 'half \ud83d'] }, ['tags', 1]],
      [{ title: 'ok', 'dropped\u0000key': 1 }, ['dropped\uFFFDkey']],
      [{ title: 'ok', dropped: { deep: ['\udc00'] } }, ['dropped', 'deep', 0]],
    ];
    for (const [input, path] of cases) {
      expect(parseInput(note, input).error?.issues, JSON.stringify(input)).toEqual([
        { code: 'custom', path, message: 'TEXT_UNSTORABLE', input },
      ]);
    }
  });

  it('whole characters outside the basic plane pass, and the schema decides first', () => {
    expect(parseInput(note, { title: 'mining 😀', tags: ['名前'] }).success).toBe(true);
    expect(parseInput(note, { title: 7, tags: ['a\u0000'] }).error?.issues[0]?.path).toEqual(['title']);
  });

  it('a body nested far deeper than the call stack is walked, not a crash', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    const result = parseInput(z.object({ title: z.string(), rest: z.unknown() }), { title: 'ok', rest: deep });
    expect(result.error?.issues[0]?.path).toHaveLength(200_001);
  });
});

describe('an edit names at least one field', () => {
  it('{} and fields all undefined answer NOTHING_TO_CHANGE; one field is enough', () => {
    const edit = someChange(z.object({ name: z.string().optional(), sort: z.number().optional() }));
    for (const input of [{}, { name: undefined }]) {
      expect(edit.safeParse(input).error?.issues).toMatchObject([{ path: [], message: 'NOTHING_TO_CHANGE' }]);
    }
    expect(edit.safeParse({ sort: 0 }).success).toBe(true);
  });
});
