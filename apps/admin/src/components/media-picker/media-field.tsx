import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaPickerModal } from './media-picker-modal';

export type MediaFieldProps = {
  /** One URL, or a list with `multiple`. Fits `Form.Item` (value/onChange). */
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  multiple?: boolean;
  type?: string;
  area?: string;
  disabled?: boolean;
};

/** A form field holding media URLs: thumbnails, remove buttons and a "Choose" that opens the picker modal. */
export const MediaField = ({
  value,
  onChange,
  multiple = false,
  type = 'image',
  area,
  disabled,
}: MediaFieldProps) => {
  const { t } = useTranslation('media');
  const [open, setOpen] = useState(false);
  const urls = (Array.isArray(value) ? value : value ? [value] : []).filter(Boolean);
  const emit = (next: string[]) => onChange?.(multiple ? next : (next[0] ?? null));

  return (
    <>
      <Flex gap={8} wrap align="center">
        {urls.map((url) => (
          <div
            key={url}
            style={{
              position: 'relative',
              width: 96,
              height: 96,
              borderRadius: 6,
              overflow: 'hidden',
              border: '1px solid rgba(128,128,128,0.3)',
            }}
          >
            <img src={url} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            {!disabled && (
              <Button
                size="small"
                shape="circle"
                icon={<CloseOutlined />}
                aria-label={t('common:actions.delete')}
                style={{ position: 'absolute', top: 4, insetInlineEnd: 4 }}
                onClick={() => emit(urls.filter((u) => u !== url))}
              />
            )}
          </div>
        ))}
        {!disabled && (
          <Button icon={<PictureOutlined />} onClick={() => setOpen(true)}>
            {t('picker.choose')}
          </Button>
        )}
      </Flex>
      <MediaPickerModal
        open={open}
        multiple={multiple}
        type={type}
        area={area}
        onClose={() => setOpen(false)}
        onSelect={(items) =>
          emit(
            multiple
              ? [...urls, ...items.map((i) => i.url).filter((u) => !urls.includes(u))]
              : items.map((i) => i.url),
          )
        }
      />
    </>
  );
};
