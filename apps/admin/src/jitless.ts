import { z } from 'zod';

// Imported first, before any schema is built: zod would otherwise probe and compile parsers with
// Function(), which the content security policy refuses (no 'unsafe-eval') with a console error.
z.config({ jitless: true });
