import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` unless told not to, and it decides when a schema is made:
// under Darsi's CSP (no 'unsafe-eval') each attempt is a CSP violation report, so reports would stop meaning
// anything. Imported first by main.tsx, before any module that defines a schema.
config({ jitless: true });
