import { Button } from '@member-wallet/ui/button';
import { useState } from 'react';

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** The button's text, then its text once copied. */
  label: string;
  copied: string;
  /** Said when the browser refuses the clipboard: the operator copies the text by hand. */
  failed: string;
  className?: string;
}

/** Copies `text` to the clipboard and says so; a refusal (no permission, no clipboard) says to copy by hand. */
export function CopyButton({ text, label, copied, failed, className }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <div className={className}>
      <Button variant="secondary" onClick={() => void copy()}>
        {outcome === 'copied' ? copied : label}
      </Button>
      <p role="status" className={outcome === 'failed' ? 'mt-1 text-sm text-red-800' : 'sr-only'}>
        {outcome === 'copied' ? copied : outcome === 'failed' ? failed : ''}
      </p>
    </div>
  );
}
