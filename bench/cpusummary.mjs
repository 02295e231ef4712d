// Summarises a .cpuprofile: self time by function and by file (package).
import { readFileSync } from 'node:fs';

const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++)
  self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const fn = new Map(),
  file = new Map();
for (const [id, us] of self) {
  const { callFrame: c } = byId.get(id);
  const f = c.url.replace(/^.*node_modules\//, 'nm:').replace(/^file:\/\/\/work\/main\//, '');
  const pkg = f.startsWith('nm:')
    ? f
        .split('/')
        .slice(0, f.startsWith('nm:@') ? 2 : 1)
        .join('/')
    : f || `(${c.functionName || 'native'})`;
  const key = `${c.functionName || '(anon)'} ${f}:${c.lineNumber}`;
  fn.set(key, (fn.get(key) ?? 0) + us);
  file.set(pkg, (file.get(pkg) ?? 0) + us);
}
const top = (m, k) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([n, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${n}`)
    .join('\n');
console.log(
  `total ${(total / 1000).toFixed(0)} ms\n-- by package/file --\n${top(file, 18)}\n-- by function --\n${top(fn, 25)}`,
);
