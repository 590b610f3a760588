import type { BannerItem } from '@member-wallet/contract/banner';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMemberTexts } from '../i18n/i18n.ts';
import { ImageCarousel } from './image-carousel.tsx';

const BANNERS: BannerItem[] = [
  { image: '/banners/one.png', html: '<p>First <b>banner</b></p>' },
  { image: 'https://cdn.example.com/two.png', html: '<p>Second banner</p>' },
  { image: 'javascript:alert(1)', html: '<p>Third banner</p>' },
];

declare global {
  interface Window {
    carouselPwned?: boolean;
  }
}

beforeEach(async () => {
  await loadMemberTexts();
  window.carouselPwned = undefined;
});

function slide() {
  return screen.getByRole('group', { name: / of / });
}

describe('ImageCarousel', () => {
  it('shows the first banner, image sized before it loads, and its html', () => {
    render(<ImageCarousel open banners={BANNERS} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Promotions' })).toBeInTheDocument();
    expect(slide()).toHaveAccessibleName('1 of 3');
    expect(within(slide()).getByText('banner').tagName).toBe('B');
    const image = slide().querySelector('img');
    expect(image).toHaveAttribute('src', '/banners/one.png');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '360');
  });

  it('turns with the buttons, the dots, the arrow keys and a swipe, round the ends', () => {
    render(<ImageCarousel open banners={BANNERS} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(slide()).toHaveAccessibleName('2 of 3');
    expect(screen.getByText('Second banner')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show banner 2' })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 3' }));
    expect(slide()).toHaveAccessibleName('3 of 3');
    // A picture with a script URL is dropped, its text still shows.
    expect(slide().querySelector('img')).toBeNull();
    fireEvent.keyDown(screen.getByText('Third banner'), { key: 'ArrowRight' });
    expect(slide()).toHaveAccessibleName('1 of 3');
    fireEvent.keyDown(screen.getByText('First'), { key: 'ArrowLeft' });
    expect(slide()).toHaveAccessibleName('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(slide()).toHaveAccessibleName('2 of 3');
    const track = slide().parentElement as HTMLElement;
    fireEvent.pointerDown(track, { clientX: 200 });
    fireEvent.pointerUp(track, { clientX: 100 });
    expect(slide()).toHaveAccessibleName('3 of 3');
    fireEvent.pointerDown(track, { clientX: 100 });
    fireEvent.pointerUp(track, { clientX: 120 });
    expect(slide()).toHaveAccessibleName('3 of 3');
  });

  it('has no arrows or dots for a single banner', () => {
    render(<ImageCarousel open banners={BANNERS.slice(0, 1)} onClose={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Next banner' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: '1 of 1' })).toBeInTheDocument();
  });

  it('reports the close from the close button and from Escape, and opens again on the first banner', () => {
    const onClose = vi.fn();
    function Host() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Invite
          </button>
          <ImageCarousel
            open={open}
            banners={BANNERS}
            onClose={() => {
              onClose();
              setOpen(false);
            }}
          />
        </>
      );
    }
    render(<Host />);
    fireEvent.click(screen.getByRole('button', { name: 'Next banner' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(slide()).toHaveAccessibleName('1 of 3');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps script, event handlers and javascript: links of the operator html from running', async () => {
    const html = [
      '<p>Deposit bonus</p>',
      '<script>window.carouselPwned = true</script>',
      '<img src="x" onerror="window.carouselPwned = true">',
      '<p onclick="window.carouselPwned = true">Tap</p>',
      '<a href="javascript:window.carouselPwned = true">Read more</a>',
      '<a href="https://example.com/terms">Terms</a>',
    ].join('');
    render(<ImageCarousel open banners={[{ image: '/b.png', html }]} onClose={() => undefined} />);
    const body = screen.getByText('Deposit bonus').parentElement as HTMLElement;
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('[onerror], [onclick]')).toBeNull();
    expect(body.querySelector('img')).toBeNull();
    const readMore = screen.getByText('Read more');
    expect(readMore).not.toHaveAttribute('href');
    fireEvent.click(readMore);
    fireEvent.click(screen.getByText('Tap'));
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', 'https://example.com/terms');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('rel', 'noopener noreferrer');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(window.carouselPwned).toBeUndefined();
  });
});
