/** Icons of member pages only, kept apart from icons.tsx so that none of them reaches the /login route. */
import { Icon } from './icons.tsx';

type IconProps = { className?: string };

export const UserIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);
export const DocumentIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6M8 13h8M8 17h6" />
  </Icon>
);
export const LockIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);
export const RefreshIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4" />
  </Icon>
);
export const CopyIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Icon>
);
export const ChevronLeftIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M15 5l-7 7 7 7" />
  </Icon>
);
export const ChevronRightIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M9 5l7 7-7 7" />
  </Icon>
);
export const TransferIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M4 8h14l-4-4M20 16H6l4 4" />
  </Icon>
);
export const DepositIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M12 15V9M9 12l3-3 3 3" />
  </Icon>
);
export const WithdrawIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M12 9v6M9 12l3 3 3-3" />
  </Icon>
);
export const PhoneIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <path d="M11 18h2" />
  </Icon>
);
export const ReceiptIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M6 2h12v20l-3-2-3 2-3-2-3 2z" />
    <path d="M9 7h6M9 11h6M9 15h4" />
  </Icon>
);
