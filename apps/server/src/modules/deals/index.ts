/**
 * The deals module's door: what other modules may call (CONVENTIONS: one door per module). No other
 * module needs it yet; its routes are registered by app.ts.
 */
export {};
