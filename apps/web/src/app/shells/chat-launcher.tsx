import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useChatWidgetFlag } from '../../features/contact/api/get-chat-widget-flag.ts';
import { subscribeChatOpen } from '../../lib/chat-open.ts';

const ChatWidget = lazy(() =>
  import('../../features/chat/components/chat-widget.tsx').then((module) => ({ default: module.ChatWidget })),
);

/** Without requestIdleCallback (Safari), the widget loads this long after the page did. */
const IDLE_FALLBACK_MS = 1_000;

/** Runs `action` once the page has loaded and the browser is idle, so the widget never delays a first render. */
function whenIdle(action: () => void): () => void {
  let cancel: () => void = () => undefined;
  const schedule = () => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(action);
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(action, IDLE_FALLBACK_MS);
      cancel = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancel();
  };
}

/**
 * What the shells render for the chat (spec section 2): nothing unless the enableChatWidget flag is on; then
 * the widget's chunk (src/features/chat, with socket.io-client) loads when the page is idle, or at once when
 * something asks to open the chat. The member's id comes from the wallet query, loaded only if not cached.
 */
export function ChatLauncher() {
  const flag = useChatWidgetFlag();
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState(false);
  const enabled = flag.data === true;
  useEffect(() => subscribeChatOpen(() => setWanted(true)), []);
  useEffect(() => (enabled ? whenIdle(() => setWanted(true)) : undefined), [enabled]);
  const memberId = useCallback(async () => {
    const { walletQuery } = await import('../../features/home/api/get-wallet.ts');
    return (await queryClient.ensureQueryData(walletQuery)).profile._id;
  }, [queryClient]);
  if (!enabled || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget memberId={memberId} />
    </Suspense>
  );
}
