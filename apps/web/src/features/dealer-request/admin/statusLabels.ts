import type { DealerRequestStatus } from '@portal/contracts';

export const STATUS_LABELS: Record<DealerRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};
