import { STORAGE_KEYS } from '@member-wallet/contract/constants';
import { FIELD_LIMITS } from '@member-wallet/contract/field-limits';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The inviter code of an invite link (`/register?code=...`) is remembered, so a visitor who comes back
 * later still registers under the same inviter. A remembered code makes the field read-only; `forget` drops
 * it, for a link whose code the server does not know (otherwise the visitor could never register).
 */
export function useInviteCode(): { code: string; forget: () => void } {
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => {
    const fromLink = params.get('code')?.trim().slice(0, FIELD_LIMITS.codeMax);
    if (fromLink) {
      localStorage.setItem(STORAGE_KEYS.inviteCode, fromLink);
      return fromLink;
    }
    return localStorage.getItem(STORAGE_KEYS.inviteCode) ?? '';
  });
  function forget() {
    localStorage.removeItem(STORAGE_KEYS.inviteCode);
    setCode('');
  }
  return { code, forget };
}
