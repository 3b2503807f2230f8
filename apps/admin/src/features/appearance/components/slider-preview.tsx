import type { SliderItem } from '@backoffice/shared/slider.schema';
import { Carousel, ConfigProvider, Empty, Form, Typography, theme } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';

type Slide = Partial<SliderItem> | undefined;

/** The slides as the website would turn them: image, caption and description over it. */
export const SliderPreview = ({ items }: { items: readonly Slide[] }) => {
  const { t } = useTranslation('appearance');
  const { token } = theme.useToken();
  // The carousel lays its track out left to right; a slide's text follows the page again.
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const slides = items.filter((item): item is Partial<SliderItem> => Boolean(item?.image));
  if (slides.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sliders.noSlides')} />;
  return (
    <section aria-label={t('sliders.preview')} data-testid="slider-preview">
      <Carousel arrows dots autoplay={false} adaptiveHeight={false}>
        {slides.map((slide, index) => (
          <div key={`${index}-${slide.image}`} dir={direction}>
            <div
              style={{
                position: 'relative',
                height: 220,
                borderRadius: token.borderRadiusLG,
                overflow: 'hidden',
                background: token.colorFillSecondary,
              }}
            >
              <img
                src={slide.image}
                alt={slide.title || t('sliders.slideAlt', { index: index + 1 })}
                style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {slide.title || slide.description ? (
                <div
                  style={{
                    position: 'absolute',
                    insetInline: 0,
                    bottom: 0,
                    padding: '12px 16px 28px',
                    background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.72))',
                  }}
                >
                  {slide.title ? (
                    <Typography.Text strong style={{ color: '#fff', display: 'block' }}>
                      {slide.title}
                    </Typography.Text>
                  ) : null}
                  {slide.description ? (
                    <Typography.Text style={{ color: '#fff', display: 'block' }}>
                      {slide.description}
                    </Typography.Text>
                  ) : null}
                </div>
              ) : null}
            </div>
          </div>
        ))}
      </Carousel>
    </section>
  );
};

/** The live preview inside the slider form: the slides as they are being edited. */
export const SliderFormPreview = () => {
  const { t } = useTranslation('appearance');
  const items = Form.useWatch<Slide[] | undefined>('items') ?? [];
  return (
    <Form.Item label={t('sliders.preview')}>
      <SliderPreview items={items} />
    </Form.Item>
  );
};
