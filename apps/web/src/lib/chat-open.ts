/**
 * A request to open the chat widget from elsewhere in the app (the contact screen's button). Features do not
 * import each other, so the request goes through this shared flag: the shells' launcher loads the widget at
 * once, and the widget opens and takes the request.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestChatOpen(): void {
  requested = true;
  for (const listener of listeners) listener();
}

/** Whether an open was requested since the last call; the request is consumed. */
export function takeChatOpenRequest(): boolean {
  const was = requested;
  requested = false;
  return was;
}

export function subscribeChatOpen(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
