import type { RefusalKind } from '../refusal.ts';

/**
 * A try's failure as its row keeps it and a retry replays it (a leaf: the schemas of the tables that keep
 * tries import it). Rows written before issue 26 kept the HTTP status instead of the refusal's kind.
 */
export interface StoredFailure {
  kind?: RefusalKind;
  status?: number;
  detail: string;
  code?: string;
}
