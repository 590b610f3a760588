import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Whether a click on the backdrop closes it (default); off where closing loses something shown once. */
  closeOnBackdrop?: boolean;
}

/**
 * A modal dialog: focus moves into it (its first field or button) and back to what opened it, Escape and the
 * backdrop (unless told otherwise) close it. Rendered only while open.
 */
export function Dialog({ title, onClose, children, closeOnBackdrop = true }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    panel?.querySelector<HTMLElement>('textarea, input, button')?.focus();
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onEscape);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-3 sm:items-center">
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        className="absolute inset-0 cursor-default bg-slate-900/50"
        onClick={() => {
          if (closeOnBackdrop) onCloseRef.current();
        }}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative max-h-[90vh] w-full max-w-md overflow-y-auto rounded-2xl bg-white p-5 shadow-xl"
      >
        <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
