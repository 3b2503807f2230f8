import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostType } from '@backoffice/shared/post-type.schema';
import { RecordUnavailable } from '../../../components/record-unavailable';
import { useRouteType } from './use-route-type';

/** A screen of one post type: loading, a type that does not exist, or the screen itself. */
export const TypeScreen = ({ children }: { children: (type: PostType) => ReactNode }) => {
  const { t } = useTranslation('content');
  const { type, isLoading, query } = useRouteType();
  if (isLoading) return <Skeleton active />;
  if (!type)
    return <RecordUnavailable query={query} missing={t('typeMissing')} failed={t('loadError')} />;
  return <>{children(type)}</>;
};
