import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TableHead } from './table-head.tsx';

describe('TableHead', () => {
  it('names the table and each column, a hidden label read but not shown', () => {
    render(
      <table>
        <TableHead
          caption="Coupons"
          rowClassName="border-b"
          cellClassName="py-2"
          columns={[{ label: 'Prize', className: 'pr-2' }, { label: 'Amount' }, { label: 'Action', hidden: true }]}
        />
        <tbody>
          <tr>
            <td>50</td>
            <td>50.00</td>
            <td>claim</td>
          </tr>
        </tbody>
      </table>,
    );
    expect(screen.getByRole('table', { name: 'Coupons' })).toBeTruthy();
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => [header.textContent, header.getAttribute('scope'), header.className])).toEqual([
      ['Prize', 'col', 'py-2 pr-2'],
      ['Amount', 'col', 'py-2'],
      ['Action', 'col', 'py-2'],
    ]);
    expect(screen.getByText('Action').className).toBe('sr-only');
  });
});
