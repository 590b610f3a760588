import type { WalletResponse } from '@member-wallet/contract/wallet';
import { BannersFirst } from '../../../components/banners-first.tsx';
import { useTranslation } from '../../../i18n/i18n.ts';
import { useRefundBanners } from '../api/get-refund-banners.ts';
import { RefundModal } from './refund-modal.tsx';

/**
 * What the home's refund widget opens (spec section 2): the banners first, then the refund modal. The
 * banners' html is the operator's word on the programme, so the modal also shows it with the conditions.
 */
export function RefundFlow({ wallet, onClose }: { wallet: WalletResponse; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const banners = useRefundBanners();
  return (
    <BannersFirst banners={banners.data} title={t('refund.title')}>
      <RefundModal wallet={wallet} banners={banners.data ?? []} onClose={onClose} />
    </BannersFirst>
  );
}
