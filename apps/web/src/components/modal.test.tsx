import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal.tsx';

function Nested() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  return (
    <Modal open={outer} onClose={() => setOuter(false)} title="Outer">
      {inner ? null : (
        <button type="button" onClick={() => setInner(true)}>
          Open inner
        </button>
      )}
      <Modal open={inner} onClose={() => setInner(false)} title="Inner">
        <p>Inner text</p>
      </Modal>
    </Modal>
  );
}

describe('Modal', () => {
  it('closes only the innermost dialog on Escape, even with the focus outside it', () => {
    render(<Nested />);
    const opener = screen.getByRole('button', { name: 'Open inner' });
    opener.focus();
    fireEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeInTheDocument();
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    // The opener went away while the inner dialog was open: focus goes to the dialog underneath.
    expect(screen.getByRole('dialog', { name: 'Outer' })).toHaveFocus();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
