import type { SpinSlice } from '@member-wallet/contract/spin';

/** Four slices with Thai, Lao and English labels, as the demo wheel has. */
export const SLICES: readonly SpinSlice[] = [
  { code: 'A', label: 'เครดิตฟรี 50', bgColor: '#f59e0b', textColor: '#111827', htmlDescription: '' },
  { code: 'B', label: 'ເຄຣດິດ 100', bgColor: '#0f766e', textColor: '#ffffff', htmlDescription: '<p>Ten times</p>' },
  { code: 'C', label: 'Try again', bgColor: '#e11d48', textColor: '#ffffff', htmlDescription: '' },
  { code: 'D', label: 'Jackpot 1,000', bgColor: '#1d4ed8', textColor: '#ffffff', htmlDescription: '' },
];
