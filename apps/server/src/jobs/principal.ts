/**
 * Who acts when nobody signed in does: a job (recovery, mail delivery, due-date reminders). Services that
 * a job calls accept it beside a session's actor, so what they do is still done by someone with a name
 * (logs and records say "jobs:attempt-recovery", never nobody).
 */
export interface SystemPrincipal {
  readonly kind: 'system';
  /** 'jobs:<job name>'. */
  readonly name: string;
}

export const systemPrincipal = (job: string): SystemPrincipal => ({ kind: 'system', name: `jobs:${job}` });

export const isSystemPrincipal = (who: unknown): who is SystemPrincipal =>
  typeof who === 'object' && who !== null && (who as { kind?: unknown }).kind === 'system';
