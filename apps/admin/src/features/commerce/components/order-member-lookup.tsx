import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Form, Input } from 'antd';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { usersResourceApi } from '../../../lib/api/users';

const PICKED = 'member:';

/**
 * The customer's name field, which also finds an existing member by name, phone or email as
 * one types (the members' folded search); picking one fills the name, phone, email and address
 * of the order from the account, all still editable. Typing a new name keeps it as typed.
 */
export const CustomerNameInput = ({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) => {
  const { t } = useTranslation('commerce');
  const form = Form.useFormInstance();
  const term = useDeferredValue((value ?? '').trim());
  const members = useQuery({
    ...usersResourceApi.listQueryOptions({ search: term, limit: 8 }),
    enabled: term.length >= 2,
  });
  const found = term.length >= 2 ? (members.data?.data ?? []) : [];
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={(text: string) => {
        // A picked member arrives through onSelect; its marker is never a name.
        if (!text.startsWith(PICKED)) onChange?.(text);
      }}
      onSelect={(picked: string) => {
        const member = found.find((one) => `${PICKED}${one.id}` === picked);
        if (!member) return;
        onChange?.(member.name);
        form.setFieldsValue({
          phone: member.phone ?? undefined,
          email: member.email,
          ...(member.address ? { address: member.address } : {}),
        });
      }}
      options={
        found.length > 0
          ? [
              {
                label: t('orders.memberLookup.found'),
                options: found.map((member) => ({
                  value: `${PICKED}${member.id}`,
                  label: [member.name, member.phone, member.email].filter(Boolean).join(' · '),
                })),
              },
            ]
          : []
      }
    >
      <Input placeholder={t('orders.memberLookup.placeholder')} />
    </AutoComplete>
  );
};
