/** The icons of the home's promotion widgets, drawn on the shared 24 px line-icon frame (components/icons.tsx). */
import { Icon } from '../../../components/icons.tsx';

type IconProps = { className?: string };

export const InviteIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />
  </Icon>
);
export const BonusConditionsIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <rect x="3" y="8" width="18" height="5" rx="1" />
    <path d="M12 8v13M5 13v8h14v-8M12 8S10.5 3 8 3a2.5 2.5 0 0 0 0 5M12 8s1.5-5 4-5a2.5 2.5 0 0 1 0 5" />
  </Icon>
);
export const RefundIcon = ({ className }: IconProps) => (
  <Icon className={className}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5" />
    <path d="M12 7v10M14.5 9.5c0-1-1.1-1.5-2.5-1.5s-2.5.7-2.5 1.8c0 2.4 5 1.4 5 3.9 0 1.1-1.1 1.8-2.5 1.8s-2.5-.6-2.5-1.6" />
  </Icon>
);
