import { DeleteOutlined, PictureOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPickerModal } from './media-picker-modal';

/** A file to upload, the URL of an image of the media library, or null (no avatar). */
export type AvatarValue = File | string | null;

/** The admin's own origin is dropped: the server takes a media URL relative or absolute. */
export const toSentMediaUrl = (url: string) =>
  url.startsWith(`${window.location.origin}/`) ? url.slice(window.location.origin.length) : url;

/** The picture of an avatar value (an object URL while a file is chosen). */
export const useAvatarPreview = (value: AvatarValue | undefined) => {
  const objectUrl = useMemo(
    () => (value instanceof File ? URL.createObjectURL(value) : null),
    [value],
  );
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  return objectUrl ?? (typeof value === 'string' && value !== '' ? value : undefined);
};

/**
 * An avatar in a form (`Form.Item` value/onChange): upload a file, or choose an image of the
 * media library in the picker modal (the value is then its thumbnail's URL), or remove it.
 */
export const AvatarField = ({
  value,
  onChange,
  id,
  uploadLabel,
  preview = true,
}: {
  value?: AvatarValue;
  onChange?: (value: AvatarValue) => void;
  id?: string;
  uploadLabel?: string;
  /** Shows the chosen picture beside the buttons (off when the form shows it elsewhere). */
  preview?: boolean;
}) => {
  const { t } = useTranslation('media');
  const [picking, setPicking] = useState(false);
  const src = useAvatarPreview(value);

  return (
    <>
      <Flex gap={12} align="center" wrap>
        {preview ? (
          <Avatar size={56} src={src} icon={<UserOutlined />} alt="" data-testid="avatar-preview" />
        ) : null}
        <Upload
          accept="image/*"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            onChange?.(file);
            return false;
          }}
        >
          <Button id={id} icon={<UploadOutlined />}>
            {value instanceof File ? value.name : (uploadLabel ?? t('avatar.upload'))}
          </Button>
        </Upload>
        <Button
          icon={<PictureOutlined />}
          onClick={() => setPicking(true)}
          data-testid="avatar-from-library"
        >
          {t('avatar.fromLibrary')}
        </Button>
        {value ? (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            {t('avatar.remove')}
          </Button>
        ) : null}
      </Flex>
      <MediaPickerModal
        open={picking}
        type="image"
        onClose={() => setPicking(false)}
        onSelect={([item]) => {
          if (item) onChange?.(toSentMediaUrl(item.thumbnail_url ?? item.url));
        }}
      />
    </>
  );
};
