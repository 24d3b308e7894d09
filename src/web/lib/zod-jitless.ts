import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` unless told not to, and it decides when a schema is made:
// under Darsi's CSP (no 'unsafe-eval') each attempt is a CSP violation report, so reports would stop meaning
// anything. The web build resolves every `import … from 'zod'` to this module (vite.config.ts), so the setting
// is made with zod itself, before any module that imports zod defines a schema, and zod stays out of the
// entry chunk: only the screens that validate load it (issue 29: the shell's size).
config({ jitless: true });

export * from 'zod/v4';
