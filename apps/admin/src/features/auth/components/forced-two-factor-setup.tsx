import { useTranslation } from 'react-i18next';
import { RequiredStepScreen } from './required-step-screen';
import { TwoFactorPanel } from './two-factor-panel';

/** The only screen of a user whose role requires two-factor sign-in they have not set up. */
export const ForcedTwoFactorSetup = () => {
  const { t } = useTranslation('auth');
  return (
    <RequiredStepScreen
      title={t('twoFactor.requiredTitle')}
      reason={t('twoFactor.requiredText')}
      width={520}
      testId="forced-two-factor"
    >
      <TwoFactorPanel enabled={false} />
    </RequiredStepScreen>
  );
};
