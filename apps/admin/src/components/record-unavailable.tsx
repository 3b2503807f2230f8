import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';
import { LazyResult } from './lazy-result';

/** The id a screen's address names: a whole number from 1, else undefined (`/posts/edit/1/abc`). */
export const addressId = (param: string | undefined): number | undefined => {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** True when the server says the record is not there: asking again will not bring it. */
export const isMissing = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * A screen whose record, named by its address, cannot be shown: `missing` ("This order does
 * not exist or was deleted") for a 404 or an address that names none, where asking again
 * cannot help; otherwise `failed` with a button that asks again (the network, the server).
 */
export const RecordUnavailable = ({
  query,
  missing,
  failed,
}: {
  /** The query that read the record (its error, and asking again); none when the address names none. */
  query?: { error: unknown; refetch: () => unknown };
  missing: string;
  failed: string;
}) => {
  const { t } = useTranslation('common');
  if (!query?.error || isMissing(query.error)) return <LazyResult status="404" title={missing} />;
  return (
    <LazyResult
      status="error"
      title={failed}
      extra={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
    />
  );
};
