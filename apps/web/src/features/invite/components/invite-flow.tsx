import type { WalletResponse } from '@member-wallet/contract/wallet';
import { BannersFirst } from '../../../components/banners-first.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useInviteBanners } from '../api/get-invite-banners.ts';
import { CollectInviteDialog } from './collect-invite-dialog.tsx';
import { InviteModal } from './invite-modal.tsx';

export interface InviteFlowProps {
  wallet: WalletResponse;
  /**
   * The home's referral receive button asks only for the collection: the member pressed "receive" next to the
   * figure, so the confirmation (with the success and fail shares) opens at once, without banners or the list.
   */
  collectOnly: boolean;
  onClose: () => void;
  onWalletChanged: () => void;
}

/** What the home's invite widget and referral button open (spec section 2, Home and Invite modal). */
export function InviteFlow({ wallet, collectOnly, onClose, onWalletChanged }: InviteFlowProps) {
  if (collectOnly) return <CollectInviteDialog wallet={wallet} onClose={onClose} onWalletChanged={onWalletChanged} />;
  return <InviteWithBanners wallet={wallet} onClose={onClose} onWalletChanged={onWalletChanged} />;
}

function InviteWithBanners({ wallet, onClose, onWalletChanged }: Omit<InviteFlowProps, 'collectOnly'>) {
  const { t } = useTranslation();
  const banners = useInviteBanners();
  return (
    <BannersFirst banners={banners.data} title={t('invite.title')}>
      <InviteModal wallet={wallet} onClose={onClose} onWalletChanged={onWalletChanged} />
    </BannersFirst>
  );
}
