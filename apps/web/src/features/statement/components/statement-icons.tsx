import type { StatementType } from '@member-wallet/contract/statuses';
import type { ComponentType } from 'react';
import { Icon } from '../../../components/icons.tsx';
import { TransferIcon, WithdrawIcon } from '../../../components/member-icons.tsx';

type IconProps = { className?: string };

const DepositIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M12 15V9M9 12l3-3 3 3" />
  </Icon>
);
const GiftIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v9h14v-9M12 8v13M12 8c-1.5-3-5-4-5-1.5S10 8 12 8c1.5-3 5-4 5-1.5S14 8 12 8" />
  </Icon>
);
const GiftDoneIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v9h14v-9M12 8c-1.5-3-5-4-5-1.5S10 8 12 8c1.5-3 5-4 5-1.5S14 8 12 8M9 16.5l2 2 4-4" />
  </Icon>
);

/** The picture of each kind of statement row. */
export const STATEMENT_ICONS: Record<StatementType, ComponentType<IconProps>> = {
  deposit: DepositIcon,
  bonus: GiftIcon,
  finish_bonus: GiftDoneIcon,
  withdraw: WithdrawIcon,
  transfer: TransferIcon,
};
