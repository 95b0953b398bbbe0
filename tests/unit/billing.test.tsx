import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { bindPurchase } from '../../src/app/session-hooks';
import { startSession } from './views/helpers';
import { PacksPage } from '../../src/features/billing/PacksPage';
import { PlansPage } from '../../src/features/billing/PlansPage';

describe('plans page', () => {
  it('defaults to annual billing with the yearly charge, and switches to monthly prices', () => {
    render(<PlansPage />);
    expect(screen.getByRole('button', { name: /Annually/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Save up to 20%')).toBeInTheDocument();
    expect(screen.getByText('Billed $144 a year')).toBeInTheDocument();
    expect(screen.getByText('$12')).toBeInTheDocument();
    expect(screen.getByText('Priority Support')).toBeInTheDocument();
    expect(screen.getByText('Premium Support')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByText('$15')).toBeInTheDocument();
    expect(screen.getByText('$90')).toBeInTheDocument();
    expect(screen.queryByText('Billed $144 a year')).toBeNull();
  });

  it('asks a visitor to sign in (the login dialog) when they choose a plan or a pack', async () => {
    const purchase = vi.fn();
    bindPurchase(purchase);
    const { session } = await startSession();
    render(<PlansPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));
    expect(session.getSnapshot().context.dialog).toEqual({ open: true, mode: 'login' });
    session.send({ type: 'auth.dialog.close' });
    render(<PacksPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2,500 credits' }));
    expect(session.getSnapshot().context.dialog).toEqual({ open: true, mode: 'login' });
    expect(purchase).not.toHaveBeenCalled();
  });

  it('lists the credit packs with price and price per credit', () => {
    render(<PacksPage />);
    expect(screen.getByText('5,000')).toBeInTheDocument();
    expect(screen.getByText('$90')).toBeInTheDocument();
    expect(screen.getByText(/\$0\.0129 per credit/)).toBeInTheDocument();
  });
});
