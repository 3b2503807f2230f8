import { useTranslation } from 'react-i18next';

/**
 * The areas the admin's screens tag their uploads with. An area is only a filter of the one
 * library: it says where a file was first uploaded, never where it may be used.
 */
export const MEDIA_AREAS = [
  'posts',
  'categories',
  'groups',
  'post-types',
  'seo',
  'settings',
  'sliders',
  'widgets',
  'avatars',
] as const;

/** The label of an area in the reader's language; an area no screen declares reads "Other". */
export const useAreaLabel = () => {
  const { t } = useTranslation('media');
  return (area: string | null | undefined) =>
    !area
      ? t('areas.none')
      : (MEDIA_AREAS as readonly string[]).includes(area)
        ? t(`areas.${area}`)
        : t('areas.other');
};

/** The choices of an area filter: every area (the default), then each area by its label. */
export const useAreaOptions = () => {
  const { t } = useTranslation('media');
  const label = useAreaLabel();
  return [
    { value: '', label: t('picker.allAreas') },
    ...MEDIA_AREAS.map((area) => ({ value: area, label: label(area) })),
  ];
};
