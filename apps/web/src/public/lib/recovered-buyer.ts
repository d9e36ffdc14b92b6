/**
 * The buyer of a checkout they left, brought back by the event's mail (`?recover=` on the event page): their name and
 * e-mail, kept for this tab until the details step is saved, so that step starts filled in. Per event.
 */
export interface RecoveredBuyer {
  first_name: string | null;
  last_name: string | null;
  email: string;
}

const keyOf = (eventId: number | string) => `admitone.recovered-buyer.${eventId}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export const recoveredBuyers = {
  get: (eventId: number | string): RecoveredBuyer | null => {
    try {
      const value: unknown = JSON.parse(storage()?.getItem(keyOf(eventId)) ?? 'null');
      return value && typeof value === 'object' && typeof (value as RecoveredBuyer).email === 'string'
        ? (value as RecoveredBuyer)
        : null;
    } catch {
      return null;
    }
  },
  set: (eventId: number | string, buyer: RecoveredBuyer): void => {
    try {
      storage()?.setItem(
        keyOf(eventId),
        JSON.stringify({ first_name: buyer.first_name, last_name: buyer.last_name, email: buyer.email }),
      );
    } catch {
      // Storage full or blocked: the buyer types their details again.
    }
  },
  clear: (eventId: number | string): void => storage()?.removeItem(keyOf(eventId)),
};
