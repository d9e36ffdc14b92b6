import { QuestionsPage } from '../../features/questions/components/QuestionsPage';

export default QuestionsPage;
