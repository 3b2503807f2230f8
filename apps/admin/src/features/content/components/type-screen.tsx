import { Alert, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostType } from '@backoffice/shared/post-type.schema';
import { LazyResult } from '../../../components/lazy-result';
import { useRouteType } from './use-route-type';

/** A screen of one post type: loading, a type that does not exist, or the screen itself. */
export const TypeScreen = ({ children }: { children: (type: PostType) => ReactNode }) => {
  const { t } = useTranslation('content');
  const { type, isLoading, error, missing } = useRouteType();
  if (isLoading) return <Skeleton active />;
  if (error) return <Alert type="error" showIcon message={t('loadError')} />;
  if (missing || !type) return <LazyResult status="404" title={t('typeMissing')} />;
  return <>{children(type)}</>;
};
