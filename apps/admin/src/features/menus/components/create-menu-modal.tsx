import { type Menu, menuCreateSchema } from '@backoffice/shared/menu.schema';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceForm } from '../../../components/resource-form';
import { menusApi } from '../api/menus-api';
import { LTR } from '../ltr';

/** A new menu: its title, and its key made from the title as one types (`Menu chính` → `menu-chinh`) until edited. */
export const CreateMenuModal = ({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (menu: Menu) => void;
}) => {
  const { t } = useTranslation('menus');
  return (
    <Modal open={open} title={t('createTitle')} onCancel={onClose} footer={null} destroyOnHidden>
      {open ? (
        <ResourceForm
          id="create-menu"
          schema={menuCreateSchema}
          submitLabel={t('common:actions.create')}
          fields={[
            { name: 'title', label: t('fields.title'), input: <Input autoFocus /> },
            {
              name: 'key',
              label: t('fields.key'),
              kind: 'slug',
              from: 'title',
              help: t('keyHelp'),
              // Keys read left to right in every language.
              input: <Input dir="ltr" style={LTR} />,
            },
          ]}
          // A menu starts without items; they are added in the editor.
          onSubmit={async (values) => onCreated(await menusApi.create({ ...values, items: [] }))}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
};
