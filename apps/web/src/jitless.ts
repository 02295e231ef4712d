import { config } from 'zod/v4/core';

// Every `zod` import of the app resolves here (vite.config.ts), so this runs before any module that
// builds a schema, in whatever chunk it lands: zod would otherwise probe and compile parsers with
// Function(), which the content security policy refuses (no 'unsafe-eval') with a console error.
config({ jitless: true });

export * from 'zod/v4';
