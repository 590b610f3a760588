import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/server.ts';
import { loadMemberTexts } from '../../../i18n/i18n.ts';
import { renderWithClient } from '../test-bonuses.tsx';
import { PromotionModal } from './promotion-modal.tsx';

beforeEach(async () => {
  await loadMemberTexts();
  server.use(
    http.get('*/api/promotion/find/WELCOME100', () =>
      HttpResponse.json({
        code: 'WELCOME100',
        percentFail: 100,
        description: '<p>A <b>free</b> 100</p><script>window.promoPwned = 1</script><img src=x onerror="alert(1)">',
      }),
    ),
  );
});

function open() {
  const onReceived = vi.fn();
  const view = renderWithClient(<PromotionModal code="WELCOME100" onClose={() => undefined} onReceived={onReceived} />);
  return { ...view, onReceived, dialog: screen.getByRole('dialog', { name: 'Promotion code WELCOME100' }) };
}

describe('PromotionModal', () => {
  it('shows the description sanitized', async () => {
    const { dialog } = open();
    expect(await within(dialog).findByText('free')).toHaveProperty('tagName', 'B');
    expect(dialog.querySelector('script, img, [onerror]')).toBeNull();
  });

  it('receives the promotion through GET /api/promotion/activate/{code}', async () => {
    const codes: string[] = [];
    server.use(
      http.get('*/api/promotion/activate/:code', ({ params }) => {
        codes.push(String(params.code));
        return HttpResponse.json({ _id: 'ub-1', isActive: true, received: [{ updatedAt: '2026-11-23T01:00:00Z' }] });
      }),
    );
    const { dialog, user, onReceived } = open();
    await user.click(await within(dialog).findByRole('button', { name: 'Receive promotion' }));
    await vi.waitFor(() => expect(onReceived).toHaveBeenCalledTimes(1));
    expect(codes).toEqual(['WELCOME100']);
  });

  it.each([
    ['PROMOTION_RECEIVED', 'You have already received this promotion.'],
    ['NO_PROMOTION', 'Promotion not found.'],
  ])('shows the error dialog with the text of %s', async (code, says) => {
    server.use(http.get('*/api/promotion/activate/:code', () => HttpResponse.json({ message: code }, { status: 409 })));
    const { dialog, user, onReceived } = open();
    await user.click(await within(dialog).findByRole('button', { name: 'Receive promotion' }));
    const error = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(within(error).getByText(says)).toBeInTheDocument();
    expect(onReceived).not.toHaveBeenCalled();
  });
});
