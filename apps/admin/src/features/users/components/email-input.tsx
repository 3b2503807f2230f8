import { useQuery } from '@tanstack/react-query';
import { Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailExistsQueryOptions } from '../api/users-api';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email field that says while typing whether the address is already taken (GET /users?search=email:…). */
export const EmailInput = ({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}) => {
  const { t } = useTranslation('users');
  // The email the form opened with (editing) is not a duplicate of itself.
  const [ownEmail] = useState(value);
  const [typed, setTyped] = useState(value ?? '');
  useEffect(() => {
    const timer = setTimeout(() => setTyped((value ?? '').trim().toLowerCase()), 350);
    return () => clearTimeout(timer);
  }, [value]);
  const check = LOOKS_LIKE_EMAIL.test(typed) && typed !== ownEmail?.toLowerCase();
  const { data: exists } = useQuery({ ...emailExistsQueryOptions(typed), enabled: check });
  return (
    <>
      <Input
        id={id}
        type="email"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
      />
      {check && exists ? (
        <Typography.Text type="danger" data-testid="email-exists">
          {t('emailExists')}
        </Typography.Text>
      ) : null}
    </>
  );
};
