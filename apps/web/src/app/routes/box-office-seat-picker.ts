import { lazy } from 'react';

/** The buyer's seat picker for the box office's seated sales, loaded when staff first choose seats. */
export const BoxOfficeSeatPicker = lazy(() => import('../../public/seating/SeatPicker'));
