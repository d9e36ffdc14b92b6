import { BoxOfficePage } from '../../features/box-office/components/BoxOfficePage';
import { BoxOfficeSeatPicker } from './box-office-seat-picker';

/** `/manage/box-office/:eventId`: the box office on its own (box-office staff see only this and the check-in). */
export default function BoxOfficeRoute() {
  return <BoxOfficePage standalone seatPicker={BoxOfficeSeatPicker} />;
}
