import { DELAY_MS, STORAGE_KEYS } from '@member-wallet/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../i18n/i18n.ts';
import { showToast } from '../../../lib/toast-store.ts';

/**
 * The end of a registration: the invite link's code is forgotten, the success toast shows, and the visitor goes
 * to /login after the spec's delay (left unsent if they leave the screen first).
 */
export function useRegistered(): { registered: boolean; finish: () => void } {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [registered, setRegistered] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  return {
    registered,
    finish: () => {
      setRegistered(true);
      localStorage.removeItem(STORAGE_KEYS.inviteCode);
      showToast('success', t('register.success'), DELAY_MS.errorToast);
      redirectTimer.current = setTimeout(() => navigate('/login'), DELAY_MS.registerSuccessRedirect);
    },
  };
}
