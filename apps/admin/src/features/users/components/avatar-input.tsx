import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

/** Picks an avatar image; the file is sent with the multipart update (the server stores it through the media storage). */
export const AvatarInput = ({
  value,
  onChange,
  id,
}: {
  value?: File;
  onChange?: (file: File | undefined) => void;
  id?: string;
}) => {
  const { t } = useTranslation('users');
  return (
    <Upload
      accept="image/*"
      maxCount={1}
      listType="picture"
      fileList={
        value ? [{ uid: '1', name: value.name, status: 'done', originFileObj: value as never }] : []
      }
      beforeUpload={(file) => {
        onChange?.(file);
        return false;
      }}
      onRemove={() => onChange?.(undefined)}
    >
      <Button id={id} icon={<UploadOutlined />}>
        {t('chooseAvatar')}
      </Button>
    </Upload>
  );
};
