import { UserOutlined } from '@ant-design/icons';
import {
  Alert,
  Avatar,
  Button,
  Col,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Tabs,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AvatarField,
  type AvatarValue,
  useAvatarPreview,
} from '../../../components/media-picker/avatar-field';
import { keepEnterInPicker } from '../../../components/form-fields/date-bounds';
import { useNotices } from '../../../components/notices';
import { ShopDatePicker } from '../../../components/shop-date-picker';
import { useIssueText } from '../../../components/use-issue-text';
import { isApiError } from '../../../lib/api-client';
import { useFormatters } from '../../../lib/format';
import { type Profile, useProfile } from '../../../lib/profile';
import { issuesToFieldErrors, serverErrorsToFields } from '../../../lib/zod-form';
import { profileInputSchema, useUpdateProfile } from '../api/update-profile';
import { AccountSecurity } from './account-security';

const DATE_FIELDS = ['birthday', 'id_card_date'] as const;
const TEXT_FIELDS = ['id_card', 'id_card_place', 'phone', 'zalo', 'facebook', 'address'] as const;

const toFormValues = (profile: Profile) => ({
  ...profile,
  birthday: profile.birthday ? dayjs(profile.birthday) : undefined,
  id_card_date: profile.id_card_date ? dayjs(profile.id_card_date) : undefined,
});

/** Account: the signed-in user's profile, viewed and updated. */
export const AccountDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('auth');
  const { data: profile } = useProfile();
  return (
    <Drawer open={open} onClose={onClose} title={t('account.title')} size={640} destroyOnHidden>
      {open && profile ? (
        <Tabs
          items={[
            {
              key: 'profile',
              label: t('account.profileTab'),
              children: <AccountForm profile={profile} onDone={onClose} />,
            },
            {
              key: 'security',
              label: t('account.securityTab'),
              children: <AccountSecurity profile={profile} />,
            },
          ]}
        />
      ) : null}
    </Drawer>
  );
};

const AccountForm = ({ profile, onDone }: { profile: Profile; onDone: () => void }) => {
  const { t } = useTranslation('auth');
  const issueText = useIssueText();
  const notices = useNotices();
  const format = useFormatters();
  const [form] = Form.useForm();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const update = useUpdateProfile();
  // The form holds the avatar as the profile has it, a chosen file, a media URL, or null.
  const avatar = Form.useWatch<AvatarValue | undefined>('avatar', form);
  // The server asks for the current password only when the sign-in email changes.
  const email = Form.useWatch<string | undefined>('email', form);
  const emailChanged = email !== undefined && email.trim().toLowerCase() !== profile.email;
  const preview = useAvatarPreview(avatar === undefined ? profile.avatar_url : avatar);

  const handleFinish = async () => {
    setOtherErrors([]);
    const raw = form.getFieldsValue(true) as Record<string, unknown>;
    const values = {
      ...Object.fromEntries(
        Object.keys(profileInputSchema.shape).map((key) => [key, raw[key] ?? undefined]),
      ),
      current_password: emailChanged
        ? (raw.current_password as string | undefined) || undefined
        : undefined,
      ...Object.fromEntries(
        DATE_FIELDS.map((key) => [
          key,
          raw[key] ? (raw[key] as Dayjs).format('YYYY-MM-DD') : undefined,
        ]),
      ),
    };
    const parsed = profileInputSchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(issuesToFieldErrors(parsed.error.issues, issueText));
      return;
    }
    try {
      const chosen = raw.avatar as AvatarValue | undefined;
      await update.mutateAsync({
        input: parsed.data,
        avatar: chosen === undefined || chosen === profile.avatar ? undefined : chosen,
      });
      notices.updated();
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const { fields, other } = serverErrorsToFields(
          error.errors,
          new Set([...Object.keys(profileInputSchema.shape), 'avatar']),
        );
        form.setFields(fields);
        setOtherErrors(other.length > 0 || fields.length > 0 ? other : error.messages);
      } else notices.error(error);
    }
  };

  return (
    <>
      <Flex gap={16} align="center" style={{ marginBottom: 16 }}>
        <Avatar size={72} src={preview} icon={<UserOutlined />} alt="" />
        <div>
          <div style={{ fontWeight: 600, fontSize: 16 }}>{profile.name}</div>
          <div>{profile.email}</div>
          <Flex gap={4} wrap style={{ marginTop: 4 }}>
            {profile.roles.map((role) => (
              <Tag key={String(role.id)}>{role.name}</Tag>
            ))}
          </Flex>
        </div>
      </Flex>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'status',
            label: t('account.status'),
            children: t(`account.statuses.${profile.status}`),
          },
          {
            key: 'permissions',
            label: t('account.permissions'),
            children: profile.permissions.length,
          },
          ...(profile.birthday
            ? [
                {
                  key: 'birthday',
                  label: t('account.birthday'),
                  children: format.date(profile.birthday),
                },
              ]
            : []),
        ]}
      />
      {otherErrors.length > 0 ? (
        <Alert type="error" showIcon title={otherErrors.join(' ')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={toFormValues(profile)}
        onFinish={handleFinish}
        onValuesChange={(changed: Record<string, unknown>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })))
        }
        noValidate
        name="account"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('account.name')} required>
              <Input autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('account.email')} required>
              <Input type="email" autoComplete="email" />
            </Form.Item>
          </Col>
          {emailChanged ? (
            <Col span={24}>
              <Form.Item
                name="current_password"
                label={t('account.currentPassword')}
                extra={t('account.currentPasswordHelp')}
                required
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item name="gender" label={t('account.gender')}>
              <Select
                allowClear
                options={(['male', 'female', 'unspecified'] as const).map((value) => ({
                  value,
                  label: t(`account.genders.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="marital_status" label={t('account.maritalStatus')}>
              <Select
                allowClear
                options={(['single', 'married'] as const).map((value) => ({
                  value,
                  label: t(`account.maritalStatuses.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="birthday" label={t('account.birthday')}>
              <ShopDatePicker
                style={{ width: '100%' }}
                format="DD/MM/YYYY"
                onKeyDown={keepEnterInPicker}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="id_card" label={t('account.idCard')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="id_card_date" label={t('account.idCardDate')}>
              <ShopDatePicker
                style={{ width: '100%' }}
                format="DD/MM/YYYY"
                onKeyDown={keepEnterInPicker}
              />
            </Form.Item>
          </Col>
          {TEXT_FIELDS.filter((name) => name !== 'id_card').map((name) => (
            <Col xs={24} md={name === 'address' ? 24 : 12} key={name}>
              <Form.Item name={name} label={t(`account.fields.${name}`)}>
                <Input autoComplete={name === 'phone' ? 'tel' : undefined} />
              </Form.Item>
            </Col>
          ))}
          <Col span={24}>
            <Form.Item label={t('account.avatar')} name="avatar">
              <AvatarField preview={false} uploadLabel={t('account.chooseAvatar')} />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onDone}>{t('common:actions.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('common:actions.save')}
          </Button>
        </Flex>
      </Form>
    </>
  );
};
