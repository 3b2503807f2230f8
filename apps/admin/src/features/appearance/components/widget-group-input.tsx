import { slugify } from '@backoffice/shared/slug';
import { Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Group = { name: string; slug?: string | null } | null;

/**
 * A widget's group: its name, and its link (slug) made from the name as one types until the
 * link is edited by hand. Both empty is no group.
 */
export const WidgetGroupInput = ({
  value,
  onChange,
  id,
}: {
  value?: Group;
  onChange?: (value: Group) => void;
  id?: string;
}) => {
  const { t } = useTranslation('appearance');
  const name = value?.name ?? '';
  const slug = value?.slug ?? '';
  // A saved link, or one typed here, is left alone when the name changes.
  const [slugTyped, setSlugTyped] = useState(() => slug !== '' && slug !== slugify(name));
  const emit = (next: { name: string; slug: string }) =>
    onChange?.(next.name === '' && next.slug === '' ? null : next);

  return (
    <Flex gap={8} wrap>
      <Input
        id={id}
        aria-label={t('widgets.fields.groupName')}
        placeholder={t('widgets.fields.groupName')}
        value={name}
        style={{ flex: '1 1 12rem' }}
        onChange={(event) =>
          emit({ name: event.target.value, slug: slugTyped ? slug : slugify(event.target.value) })
        }
      />
      <Input
        aria-label={t('widgets.fields.groupSlug')}
        placeholder={t('widgets.fields.groupSlug')}
        title={t('widgets.groupSlugHelp')}
        value={slug}
        style={{ flex: '1 1 12rem' }}
        onChange={(event) => {
          setSlugTyped(event.target.value !== '');
          emit({ name, slug: event.target.value });
        }}
      />
    </Flex>
  );
};
