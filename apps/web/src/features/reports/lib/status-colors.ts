// Status colours on the report map and in its PDF (the API uses the same values):
// colour-blind-safe, and never the only signal (legend and popups name the status).
import type { RequestStatus } from '@acende/shared/enums';

export const STATUS_COLORS: Record<RequestStatus, string> = {
  open: '#d55e00',
  in_progress: '#0072b2',
  completed: '#009e73',
  cancelled: '#6b7280',
};
