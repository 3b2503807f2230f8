import { useTranslation } from 'react-i18next';
import type { Feedback } from '../api/feedback-api';
import { ToneTag } from '../../../components/tone-tag';

export const FeedbackStatusTag = ({ status }: { status: Feedback['status'] }) => {
  const { t } = useTranslation('feedback');
  return (
    <ToneTag tone={status === 'done' ? 'success' : 'warning'}>{t(`statuses.${status}`)}</ToneTag>
  );
};
