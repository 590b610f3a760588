import { DELAY_MS } from '@member-wallet/contract/constants';
import type { TranslationKey } from '../i18n/i18n.ts';

export type ToastTone = 'error' | 'success';
/**
 * What a toast says: a text, or the key of one, translated when shown. A toast raised before the page's
 * language has its texts (a call refused before the first render) gives its key.
 */
export type ToastText = string | { key: TranslationKey };
export interface Toast {
  id: number;
  tone: ToastTone;
  text: ToastText;
  /** How long it stays once on screen: the Toaster starts the count when it first shows it. */
  durationMs: number;
}

/** At most this many toasts are on screen; older ones are dropped. */
const MAX_TOASTS = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function showToast(tone: ToastTone, text: ToastText, durationMs: number = DELAY_MS.errorToast): number {
  const id = nextId++;
  toasts = [...toasts, { id, tone, text, durationMs }].slice(-MAX_TOASTS);
  emit();
  return id;
}

export function clearToasts(): void {
  toasts = [];
  emit();
}
