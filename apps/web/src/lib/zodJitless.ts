// Zod probes `new Function` for its fast path the first time a schema parses; the CSP forbids eval, so the probe
// shows as a CSP issue on every page that parses (Lighthouse best practices). Jitless mode skips the probe. Zod
// keeps its settings on this global so that every copy of it shares them. main.tsx imports this module first:
// imports run before the importing module's body, and a module imported earlier may parse at its top level.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true });
