import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MediaPickerPanel } from '../../../components/media-picker/media-picker-panel';
import { NoPermission } from '../../../components/no-permission';
import { usePermissions } from '../../../lib/profile';
import {
  PICKER_SOURCE,
  type PickedMedia,
  type PickerMessage,
} from '../../../components/media-picker/picker-protocol';

/** The opener, when it is a window of this same origin (the only one the picker answers). */
const sameOriginOpener = (): Window | null => {
  const opener = window.opener as Window | null;
  if (!opener) return null;
  try {
    return opener.location.origin === window.location.origin ? opener : null;
  } catch {
    return null; // another origin: reading its location throws
  }
};

/**
 * /media/picker: the popup the admin opens (components/media-picker/picker-protocol.ts has
 * the message format). It posts to its opener with targetOrigin = this origin only.
 */
export const MediaPickerPage = () => {
  const { t } = useTranslation('media');
  const [params] = useSearchParams();
  const requestId = params.get('request_id') ?? '';
  const opener = sameOriginOpener();
  const { can } = usePermissions();

  const post = (message: PickerMessage) => {
    opener?.postMessage(message, window.location.origin);
    window.close();
  };
  const handleChoose = (items: PickedMedia[]) =>
    post({
      source: PICKER_SOURCE,
      version: 1,
      type: 'select',
      request_id: requestId,
      urls: items.map((i) => i.url),
      items,
    });
  const handleCancel = () =>
    post({ source: PICKER_SOURCE, version: 1, type: 'cancel', request_id: requestId });

  if (!can('media.list')) return <NoPermission />;
  return (
    <div
      style={{
        padding: 16,
        height: '100vh',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
      }}
    >
      {!opener && <Alert type="warning" showIcon message={t('picker.noOpener')} />}
      <div style={{ flex: 1, minHeight: 0 }}>
        <MediaPickerPanel
          multiple={params.get('multiple') === '1'}
          type={params.get('type') ?? undefined}
          area={params.get('area') ?? undefined}
          onChoose={handleChoose}
          onCancel={handleCancel}
        />
      </div>
    </div>
  );
};
