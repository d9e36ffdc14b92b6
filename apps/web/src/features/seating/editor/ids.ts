import { newScanId } from '../../check-in/offline-queue';

/** A new seat_guid or object id: a v4 uuid (crypto.randomUUID, with a fallback on plain http). */
export const newId: () => string = newScanId;
