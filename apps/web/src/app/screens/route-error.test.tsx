import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error.tsx';

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('the route error boundary', () => {
  it('shows a translated error with a retry button instead of a blank page, and clears on another path', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <RouteErrorBoundary path="/howto">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    rerender(
      <RouteErrorBoundary path="/login">
        <p>Log in</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('Log in')).toBeInTheDocument();
    quiet.mockRestore();
  });
});
