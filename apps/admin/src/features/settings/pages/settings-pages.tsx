import { Alert, Flex, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { MediaField } from '../../../components/media-picker/media-field';
import { PageHeader } from '../../../components/page-header';
import { bankLabel, NAPAS_BANKS } from '../../../lib/napas-banks';
import { CodePreview } from '../components/code-preview';
import { PersonalOptions } from '../components/personal-options';
import { type SettingField, SettingsForm } from '../components/settings-form';

// Code reads left to right in every language.
const codeInput = () => (
  <Input.TextArea
    dir="ltr"
    rows={6}
    style={{ fontFamily: 'monospace' }}
    placeholder="<script>…</script>"
  />
);

const useFieldLabel = () => {
  const { t } = useTranslation('settings');
  return (name: SettingField['name'], extra: Partial<SettingField> = {}): SettingField => ({
    name,
    label: t(`fields.${name}`),
    required: false,
    ...extra,
  });
};

/** /settings/general: logos (light, dark), favicon, site name, description, email, hotline, keywords, comment approval; personal options. */
export const GeneralSettingsPage = () => {
  const { t } = useTranslation('settings');
  const field = useFieldLabel();
  return (
    <>
      <PageHeader title={t('nav.general')} />
      <Flex vertical gap={24}>
        <SettingsForm
          testId="settings-general"
          fields={[
            field('site_logo', { input: <MediaField area="settings" /> }),
            field('site_logo_dark', { input: <MediaField area="settings" /> }),
            field('favicon', { input: <MediaField area="settings" />, help: t('help.favicon') }),
            field('site_name'),
            field('site_description', { kind: 'textarea' }),
            field('site_email', { kind: 'email' }),
            field('site_hotline', { placeholder: '0901234567' }),
            field('site_keywords', { help: t('help.keywords') }),
            field('comments_need_approval', {
              kind: 'select',
              options: [
                { value: 'true', label: t('choices.yes') },
                { value: 'false', label: t('choices.no') },
              ],
              help: t('help.commentsNeedApproval'),
            }),
          ]}
        />
        <PersonalOptions title={t('nav.personal')} headingLevel={2} />
      </Flex>
    </>
  );
};

/** /settings/dynamic: the personal options on a screen of their own. */
export const DynamicSettingsPage = () => {
  const { t } = useTranslation('settings');
  return <PersonalOptions title={t('nav.dynamic')} />;
};

export const SocialSettingsPage = () => {
  const { t } = useTranslation('settings');
  const field = useFieldLabel();
  const link = { placeholder: 'https://' };
  return (
    <>
      <PageHeader title={t('nav.social')} />
      <SettingsForm
        testId="settings-social"
        fields={[
          field('social_facebook', link),
          field('social_youtube', link),
          field('social_zalo', link),
          field('social_tiktok', link),
          field('social_instagram', link),
          field('social_twitter', link),
          field('social_linkedin', link),
        ]}
      />
    </>
  );
};

/** /settings/script: run on every public page, hence its own permission (the route asks for it). */
export const ScriptSettingsPage = () => {
  const { t } = useTranslation('settings');
  const field = useFieldLabel();
  const script = { input: codeInput() };
  return (
    <>
      <PageHeader title={t('nav.script')} />
      <Alert type="warning" showIcon title={t('help.scripts')} style={{ marginBottom: 16 }} />
      <SettingsForm
        testId="settings-script"
        fields={[
          field('header_script', script),
          field('footer_script', script),
          field('tracker', script),
        ]}
      />
    </>
  );
};

export const CompanySettingsPage = () => {
  const { t } = useTranslation('settings');
  const field = useFieldLabel();
  return (
    <>
      <PageHeader title={t('nav.company')} />
      <SettingsForm
        testId="settings-company"
        fields={[
          field('company_name'),
          field('company_address'),
          field('company_phone', { placeholder: '0901234567' }),
          field('company_email', { kind: 'email' }),
          field('company_tax_code'),
          field('company_representative'),
        ]}
      />
    </>
  );
};

export const CopyrightSettingsPage = () => {
  const { t } = useTranslation('settings');
  const field = useFieldLabel();
  return (
    <>
      <PageHeader title={t('nav.copyright')} />
      <SettingsForm
        testId="settings-copyright"
        fields={[field('copyright', { kind: 'textarea' })]}
      />
    </>
  );
};

export const EmailSettingsPage = () => {
  const { t } = useTranslation('settings');
  const field = useFieldLabel();
  return (
    <>
      <PageHeader title={t('nav.email')} />
      <SettingsForm
        testId="settings-email"
        fields={[
          field('notification_emails', {
            kind: 'textarea',
            help: t('help.notificationEmails'),
            placeholder: 'sales@example.com, support@example.com',
          }),
        ]}
      />
    </>
  );
};

/** /settings/product: product code syntax, order code syntax and its footer, money unit. */
export const ProductSettingsPage = () => {
  const { t } = useTranslation('settings');
  const field = useFieldLabel();
  const syntax = { required: true, help: t('help.syntax') };
  return (
    <>
      <PageHeader title={t('nav.product')} />
      <SettingsForm
        testId="settings-product"
        fields={[
          field('product_code_syntax', syntax),
          field('order_code_syntax', syntax),
          field('order_code_syntax_footer', syntax),
          field('money_unit', { help: t('help.moneyUnit') }),
        ]}
      >
        <CodePreview />
      </SettingsForm>
    </>
  );
};

/** /settings/bank: the account a VietQR code on a bank-transfer order pays into. */
export const BankSettingsPage = () => {
  const { t } = useTranslation('settings');
  const field = useFieldLabel();
  return (
    <>
      <PageHeader title={t('nav.bank')} />
      <Alert type="info" showIcon title={t('help.bank')} style={{ marginBottom: 16 }} />
      <SettingsForm
        testId="settings-bank"
        fields={[
          field('bank_bin', {
            kind: 'select',
            options: NAPAS_BANKS.map(({ bin }) => ({ value: bin, label: bankLabel(bin) })),
            help: t('help.bankBin'),
          }),
          field('bank_account', { placeholder: '0011001234567' }),
          field('bank_account_name', {
            placeholder: 'NGUYEN VAN AN',
            help: t('help.bankAccountName'),
          }),
        ]}
      />
    </>
  );
};
