import type { EventDto } from '@admitone/shared';

import type { ReportPeriod } from '../api/reports';

/** What each report of the event's Reports screen gets. */
export interface ReportProps {
  event: EventDto;
  period: ReportPeriod;
  /** Off while the period chosen is not valid (nothing is asked then). */
  enabled: boolean;
}
