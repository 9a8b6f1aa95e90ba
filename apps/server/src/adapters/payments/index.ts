import type { Db } from '../../db/client.ts';
import { createTestProcessor } from './test-processor.ts';
import type { PaymentProcessor } from './types.ts';

export * from './types.ts';

/** The processor for a configuration: the built-in test processor unless a real one is configured. */
export function createPaymentProcessor(db: Db): PaymentProcessor {
  return createTestProcessor(db);
}
export * from './connect.ts';
