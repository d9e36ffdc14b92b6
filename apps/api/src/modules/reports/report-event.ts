/** What a report needs of its event (a row of `events`, checked against the caller's account). */
export interface ReportEvent {
  id: number;
  account_id: number;
  slug: string;
  timezone: string;
  currency: string;
}

/** Money columns come back from PostgreSQL as strings (bigint sums): numbers again. */
export const num = (value: unknown): number => Number(value ?? 0);
