import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../lib/profile';
import { ChangePasswordForm } from './change-password-form';

export const ChangePasswordModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation('auth');
  const { data: profile } = useProfile();
  return (
    <Modal open={open} title={t('password.title')} onCancel={onClose} footer={null} destroyOnHidden>
      {open && profile ? (
        <ChangePasswordForm
          userId={profile.id}
          email={profile.email}
          onDone={onClose}
          onCancel={onClose}
        />
      ) : null}
    </Modal>
  );
};
