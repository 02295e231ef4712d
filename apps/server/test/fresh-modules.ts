import { vi } from 'vitest';

// The server's test files share a process (isolate: false in vitest.config.ts) but not the app's
// modules: each file imports them anew, so a file's vi.mock reaches the code under test and no
// module-level state (caches, counters, the hashing cost) carries over from the file before.
vi.resetModules();
