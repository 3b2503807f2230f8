import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '../api/feedback-api';

export const FeedbackStatusTag = ({ status }: { status: Feedback['status'] }) => {
  const { t } = useTranslation('feedback');
  // Dark solid colours: white text on them stays readable in both themes.
  return <Tag color={status === 'done' ? '#237804' : '#ad4e00'}>{t(`statuses.${status}`)}</Tag>;
};
