import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useChatWidgetFlag } from '../../features/contact/api/get-chat-widget-flag.ts';
import { subscribeChatOpen } from '../../lib/chat-open.ts';
import { whenIdle } from '../../lib/when-idle.ts';

const ChatWidget = lazy(() =>
  import('../../features/chat/components/chat-widget.tsx').then((module) => ({ default: module.ChatWidget })),
);

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
