/**
 * zod compiles object parsers with `new Function` when it may, and probes for that permission on
 * first use; under the server's CSP (no 'unsafe-eval') the probe is a reported violation, which
 * browsers log as a Content Security Policy issue. `jitless` skips the probe and the compiler. zod
 * reads this shared object (globalThis.__zod_globalConfig) whenever it parses, so setting it here,
 * before the app runs, needs no import of zod itself.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
