import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { bindNavigation } from '../../src/app/session-hooks';
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

  it('asks a visitor to sign in when they choose a plan or a pack', () => {
    const navigate = vi.fn();
    bindNavigation(navigate);
    render(<PlansPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));
    expect(navigate).toHaveBeenLastCalledWith('/login');
    render(<PacksPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2,500 credits' }));
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('lists the credit packs with price and price per credit', () => {
    render(<PacksPage />);
    expect(screen.getByText('5,000')).toBeInTheDocument();
    expect(screen.getByText('$90')).toBeInTheDocument();
    expect(screen.getByText(/\$0\.0129 per credit/)).toBeInTheDocument();
  });
});
