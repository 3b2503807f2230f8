import { menuItemFormSchema } from '@backoffice/shared/menu.schema';
import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceForm } from '../../../components/resource-form';
import { LTR } from '../ltr';
import type { SourceItem } from '../sources';

/** The left column's first panel: a link typed by hand (url and label). */
export const CustomLinkForm = ({ onAdd }: { onAdd: (items: SourceItem[]) => void }) => {
  const { t } = useTranslation('menus');
  // A new form after each add: the fields start empty again.
  const [round, setRound] = useState(0);
  return (
    <ResourceForm
      key={round}
      id={`custom-link-${round}`}
      schema={menuItemFormSchema}
      submitLabel={t('add.addToMenu')}
      fields={[
        {
          name: 'url',
          label: t('fields.url'),
          required: true,
          // Addresses read left to right in every language.
          input: <Input dir="ltr" style={LTR} placeholder="https://" />,
        },
        { name: 'title', label: t('fields.itemTitle') },
      ]}
      onSubmit={async (values) => {
        onAdd([{ type: 'custom', ref_id: null, title: values.title, url: values.url ?? null }]);
      }}
      onDone={() => setRound((value) => value + 1)}
    />
  );
};
