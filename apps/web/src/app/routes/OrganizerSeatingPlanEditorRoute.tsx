import { SeatingEditorPage } from '../../features/seating/editor/SeatingEditorPage';

export default SeatingEditorPage;
