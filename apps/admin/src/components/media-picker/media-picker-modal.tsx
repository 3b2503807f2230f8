import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MediaPickerPanel } from './media-picker-panel';
import type { PickedMedia } from './picker-protocol';

export type MediaPickerModalProps = {
  open: boolean;
  multiple?: boolean;
  type?: string;
  area?: string;
  onSelect: (items: PickedMedia[]) => void;
  onClose: () => void;
};

/**
 * The media picker inside a form (featured image, image list, logos, avatars):
 * `<MediaPickerModal open type="image" area="posts" onSelect={(items) => …} onClose={…} />`.
 * Items carry absolute URLs.
 */
export const MediaPickerModal = ({
  open,
  multiple,
  type,
  area,
  onSelect,
  onClose,
}: MediaPickerModalProps) => {
  const { t } = useTranslation('media');
  return (
    <Modal
      open={open}
      title={t('picker.title')}
      onCancel={onClose}
      footer={null}
      width={1000}
      destroyOnHidden
      styles={{ body: { height: 640 } }}
    >
      <MediaPickerPanel
        multiple={multiple}
        type={type}
        area={area}
        onCancel={onClose}
        onChoose={(items) => {
          onSelect(items);
          onClose();
        }}
      />
    </Modal>
  );
};
