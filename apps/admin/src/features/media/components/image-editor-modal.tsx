import {
  DownloadOutlined,
  EyeOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  Flex,
  Image,
  Modal,
  Segmented,
  Slider,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { type Media, mediaKeys, uploadMedia } from '../../../components/media-picker/media-data';
import { API_BASE } from '../../../lib/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { cropImage, type Flip, type PixelArea } from './crop-image';

const OUTPUT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const ASPECTS = [
  { value: 'free', ratio: undefined },
  { value: '1:1', ratio: 1 },
  { value: '4:3', ratio: 4 / 3 },
  { value: '16:9', ratio: 16 / 9 },
] as const;

export type ImageEditorModalProps = {
  media: Media | null;
  onClose: () => void;
  onSaved?: (media: Media) => void;
};

/**
 * Crop, rotate, zoom and flip an image; preview or download the result, or save it as a new
 * media item (the original stays). The image is read through the API's file route, which is
 * same-origin whatever the storage, so the canvas can be read back.
 */
export const ImageEditorModal = ({ media, onClose, onSaved }: ImageEditorModalProps) => {
  const { t } = useTranslation('media');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [flip, setFlip] = useState<Flip>({ horizontal: false, vertical: false });
  const [aspect, setAspect] = useState<string>('free');
  const [area, setArea] = useState<PixelArea | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (!media) return null;
  const src = `${API_BASE}/media/files/${media.path}`;
  const type = OUTPUT_TYPES.has(media.type) ? media.type : 'image/png';
  const stem = media.name.replace(/\.[^.]+$/, '');
  const fileName = `${stem}-edited.${EXTENSIONS[type]}`;

  const render = async () => {
    if (!area) throw new Error('no crop area yet');
    return cropImage(src, area, rotation, flip, type);
  };
  const fail = () => void message.error(t('editor.failed'));

  const handlePreview = async () => {
    try {
      const blob = await render();
      setPreview(URL.createObjectURL(blob));
    } catch {
      fail();
    }
  };
  const handleDownload = async () => {
    try {
      const url = URL.createObjectURL(await render());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      fail();
    }
  };
  const handleSave = async () => {
    setSaving(true);
    try {
      const saved = await uploadMedia(await render(), fileName, { area: media.area ?? undefined });
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      void message.success(t('editor.saved'));
      onSaved?.(saved);
      onClose();
    } catch {
      fail();
    } finally {
      setSaving(false);
    }
  };

  const ratio = ASPECTS.find((a) => a.value === aspect)?.ratio;
  const scaleX = flip.horizontal ? -zoom : zoom;
  const scaleY = flip.vertical ? -zoom : zoom;

  return (
    <Modal
      open
      title={t('editor.title')}
      onCancel={onClose}
      width={900}
      destroyOnHidden
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Space>
            <Button
              icon={<EyeOutlined />}
              onClick={() => void handlePreview()}
              data-testid="editor-preview"
            >
              {t('editor.preview')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void handleDownload()}>
              {t('editor.download')}
            </Button>
          </Space>
          <Space>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <Button
              type="primary"
              loading={saving}
              onClick={() => void handleSave()}
              data-testid="editor-save"
            >
              {t('editor.save')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <div
        style={{ position: 'relative', height: 420, background: '#333' }}
        data-testid="image-editor"
      >
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          rotation={rotation}
          aspect={ratio ?? (media.width && media.height ? media.width / media.height : 4 / 3)}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onRotationChange={setRotation}
          onCropComplete={(_, pixels) => setArea(pixels)}
          transform={`translate(${crop.x}px, ${crop.y}px) rotate(${rotation}deg) scale(${scaleX}, ${scaleY})`}
          mediaProps={{ crossOrigin: 'anonymous' }}
        />
      </div>
      <Flex vertical gap={8} style={{ marginTop: 12 }}>
        <Flex align="center" gap={12}>
          <Typography.Text style={{ width: 80 }}>{t('editor.zoom')}</Typography.Text>
          <Slider
            style={{ flex: 1 }}
            min={1}
            max={4}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            aria-label={t('editor.zoom')}
          />
        </Flex>
        <Flex align="center" gap={12}>
          <Typography.Text style={{ width: 80 }}>{t('editor.rotate')}</Typography.Text>
          <Slider
            style={{ flex: 1 }}
            min={-180}
            max={180}
            step={1}
            value={rotation}
            onChange={setRotation}
            aria-label={t('editor.rotate')}
          />
        </Flex>
        <Flex gap={8} wrap align="center">
          <Tooltip title={t('editor.rotateLeft')}>
            <Button
              icon={<RotateLeftOutlined />}
              aria-label={t('editor.rotateLeft')}
              onClick={() => setRotation((r) => ((r - 90 + 540) % 360) - 180)}
            />
          </Tooltip>
          <Tooltip title={t('editor.rotateRight')}>
            <Button
              icon={<RotateRightOutlined />}
              aria-label={t('editor.rotateRight')}
              onClick={() => setRotation((r) => ((r + 90 + 540) % 360) - 180)}
            />
          </Tooltip>
          <Button
            icon={<SwapOutlined />}
            onClick={() => setFlip((f) => ({ ...f, horizontal: !f.horizontal }))}
            aria-pressed={flip.horizontal}
          >
            {t('editor.flipH')}
          </Button>
          <Button
            icon={<SwapOutlined rotate={90} />}
            onClick={() => setFlip((f) => ({ ...f, vertical: !f.vertical }))}
            aria-pressed={flip.vertical}
          >
            {t('editor.flipV')}
          </Button>
          <Typography.Text>{t('editor.aspect')}</Typography.Text>
          <Segmented
            value={aspect}
            onChange={(value) => setAspect(String(value))}
            options={ASPECTS.map((a) => ({
              value: a.value,
              label: a.value === 'free' ? t('editor.free') : a.value,
            }))}
          />
        </Flex>
      </Flex>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          alt={t('editor.preview')}
          preview={{
            open: true,
            onOpenChange: (open) => {
              if (!open) {
                URL.revokeObjectURL(preview);
                setPreview(null);
              }
            },
          }}
        />
      )}
    </Modal>
  );
};
