import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ChatSession, type ChatState } from '../chat-session.ts';

/**
 * The widget's conversation, made when the widget mounts and closed when it unmounts (a session of each
 * mount, so React's development double mount leaves no socket behind). Null before the first effect.
 */
export function useChatSession(memberId: () => Promise<string>): ChatSession | null {
  const [session, setSession] = useState<ChatSession | null>(null);
  const latestMemberId = useRef(memberId);
  latestMemberId.current = memberId;
  useEffect(() => {
    const created = new ChatSession({ memberId: () => latestMemberId.current() });
    setSession(created);
    created.start();
    return () => created.stop();
  }, []);
  return session;
}

export function useChatState(session: ChatSession): ChatState {
  return useSyncExternalStore(session.subscribe, session.getState);
}
