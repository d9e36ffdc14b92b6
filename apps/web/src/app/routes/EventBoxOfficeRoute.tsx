import { BoxOfficePage } from '../../features/box-office/components/BoxOfficePage';
import { BoxOfficeSeatPicker } from './box-office-seat-picker';

/** `/manage/event/:eventId/box-office`: the box office among the event's sections (organizers). */
export default function EventBoxOfficeRoute() {
  return <BoxOfficePage standalone={false} seatPicker={BoxOfficeSeatPicker} />;
}
