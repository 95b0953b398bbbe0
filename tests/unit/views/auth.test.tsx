import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from '../../../src/flows/auth/forgot-password.machine';
import { resetPasswordMachine } from '../../../src/flows/auth/reset-password.machine';
import { verifyEmailMachine } from '../../../src/flows/auth/verify-email.machine';
import { ApiError } from '../../../src/api/client';
import { defineFlow } from '../../../src/flows/shared/flow.effects';
import { requestPurchase, requestSignIn } from '../../../src/flows/session/session.effects';
import { LoginDialog, RegisterNoticeDialog } from '../../../src/features/auth/AuthDialogs';
import { ForgotPasswordPage } from '../../../src/features/auth/ForgotPasswordPage';
import { LoginPage } from '../../../src/features/auth/LoginPage';
import { RegisterPage } from '../../../src/features/auth/RegisterPage';
import { ResetPasswordPage } from '../../../src/features/auth/ResetPasswordPage';
import { VerifyEmailPage } from '../../../src/features/auth/VerifyEmailPage';
import { currentSession, deferred, fakeEndpoints, freeUser, proUser, renderWithRouter, startSession } from './helpers';

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('focus', () => {
  it('returns to the button that opened the login dialog when it closes', async () => {
    await startSession();
    await renderWithRouter(
      <>
        <button type="button" onClick={() => requestSignIn(currentSession(), 'login')}>
          Sign In
        </button>
        <LoginDialog />
      </>,
    );
    const trigger = await screen.findByRole('button', { name: 'Sign In' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});

describe('/login page', () => {
  it('AUTH-10, AUTH-15: has the product texts and required typed fields', async () => {
    await startSession();
    await renderWithRouter(<LoginPage />);
    expect(await screen.findByRole('heading', { name: 'Login to the product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('AUTH-4: signs in and sends a free user to /subscribe', async () => {
    const endpoints = fakeEndpoints(freeUser);
    const { navigate, storage } = await startSession({ endpoints });
    await renderWithRouter(<LoginPage />);
    type('Email', 'ada@example.com');
    type('Password', 'secret1');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/subscribe' }));
    expect(endpoints.login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1' });
    expect(storage.storeToken).toHaveBeenCalledWith('fresh');
  });

  it('AUTH-13: shows the server message, else the page fallback, in a red banner', async () => {
    const endpoints = fakeEndpoints(proUser);
    endpoints.login.mockRejectedValueOnce(new ApiError('Invalid email or password', 401));
    endpoints.login.mockRejectedValueOnce({});
    await startSession({ endpoints });
    await renderWithRouter(<LoginPage />);
    type('Email', 'ada@example.com');
    type('Password', 'nope');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
  });

  it('disables the button while signing in', async () => {
    const endpoints = fakeEndpoints(proUser);
    const pending = deferred<{ token: string }>();
    endpoints.login.mockReturnValueOnce(pending.promise);
    await startSession({ endpoints });
    await renderWithRouter(<LoginPage />);
    type('Email', 'ada@example.com');
    type('Password', 'secret1');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Logging In...' })).toBeDisabled();
    pending.resolve({ token: 't' });
  });
});

describe('/register page', () => {
  it('AUTH-11, AUTH-12, AUTH-5: checks the passwords, registers and goes to /subscribe', async () => {
    const { endpoints, navigate } = await startSession();
    await renderWithRouter(<RegisterPage />);
    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    type('Email', 'new@example.com');
    type('Password', 'secret1');
    type('Confirm Password', 'secret2');
    // The password being chosen is a new one for password managers.
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm Password')).not.toHaveAttribute('aria-invalid');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Passwords do not match');
    // The invalid fields say so and point at the error.
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-describedby', alert.id);
    expect(alert.id).not.toBe('');
    expect(endpoints.register).not.toHaveBeenCalled();
    type('Confirm Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/subscribe' }));
    expect(screen.getByRole('link', { name: /login/i })).toHaveAttribute('href', '/login');
  });

  it("AUTH-14: falls back to 'Registration failed'", async () => {
    const endpoints = fakeEndpoints();
    endpoints.register.mockRejectedValueOnce({});
    await startSession({ endpoints });
    await renderWithRouter(<RegisterPage />);
    type('Email', 'new@example.com');
    type('Password', 'secret1');
    type('Confirm Password', 'secret1');
    fireEvent.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });
});

describe('login dialog', () => {
  it('AUTH-7, AUTH-8: opens for a visitor who must sign in, switches to registration and back', async () => {
    await startSession();
    await renderWithRouter(<LoginDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    requestPurchase(currentSession(), { kind: 'pack', packId: 'p1', credits: 1000 }, () => {});
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Forgot Password?');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
    fireEvent.click(screen.getByRole('button', { name: /Register/ }));
    expect(await screen.findByLabelText('Confirm Password')).toBeRequired();
    fireEvent.click(screen.getByRole('button', { name: /Sign In/ }));
    await waitFor(() => expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument());
  });

  it("AUTH-3, AUTH-4, AUTH-13: signs in from the dialog, closes it and goes home on a paid plan; fallback 'Failed to login'", async () => {
    const endpoints = fakeEndpoints(proUser);
    endpoints.login.mockRejectedValueOnce({});
    const { navigate } = await startSession({ endpoints });
    await renderWithRouter(<LoginDialog />);
    requestSignIn(currentSession(), 'login');
    await screen.findByRole('dialog');
    type('Email', 'grace@example.com');
    type('Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to login');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('AUTH-9: registers from the dialog; the register dialog shows the hint and closes itself', async () => {
    await startSession({ delays: { registerNotice: 30 } });
    await renderWithRouter(
      <>
        <LoginDialog />
        <RegisterNoticeDialog />
      </>,
    );
    requestSignIn(currentSession(), 'register');
    await screen.findByLabelText('Confirm Password');
    type('Email', 'new@example.com');
    type('Password', 'secret1');
    type('Confirm Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const notice = await screen.findByRole('dialog', { name: 'Registration successful' });
    // Said once: the title is the success message, then the hint (AUTH-9).
    const text = notice.textContent ?? '';
    expect(text.split('Registration successful')).toHaveLength(2);
    expect(text.split('Please check your email')).toHaveLength(2);
    expect(notice).toHaveTextContent('Please check your email to verify your account before signing in.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('/forgot-password', () => {
  it('RESET-1, RESET-2: sends the link and shows the server message', async () => {
    await startSession();
    const send = vi.fn(async () => ({ message: 'Check your inbox' }));
    await renderWithRouter(
      <ForgotPasswordPage
        logic={defineFlow(forgotPasswordMachine)(() => ({ actors: { forgotPassword: fromPromise(send) } }))}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox');
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ input: { email: 'ada@example.com' } }));
  });

  it('RESET-2: falls back to its own text', async () => {
    await startSession();
    const logic = defineFlow(forgotPasswordMachine)(() => ({
      actors: { forgotPassword: fromPromise(async () => Promise.reject(new Error(''))) },
    }));
    await renderWithRouter(<ForgotPasswordPage logic={logic} />);
    type('Email', 'ada@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset email. Please try again.');
  });
});

describe('/verify-email', () => {
  const logic = (outcome: () => Promise<{ message: string }>) =>
    defineFlow(verifyEmailMachine)(() => ({ actors: { verifyEmail: fromPromise(outcome) } }));

  it('VERIFY-5: without a token fails at once', async () => {
    await renderWithRouter(<VerifyEmailPage token={null} logic={logic(async () => ({ message: 'x' }))} />);
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No verification token provided');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('VERIFY-1, VERIFY-2: shows progress, then success with Go to Login', async () => {
    const pending = deferred<{ message: string }>();
    await renderWithRouter(<VerifyEmailPage token="t1" logic={logic(() => pending.promise)} />);
    expect(await screen.findByText('Verifying your email...')).toBeInTheDocument();
    pending.resolve({ message: 'Email verified' });
    expect(await screen.findByRole('heading', { name: 'Email Verified Successfully!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('checks a single-use link once under StrictMode, without a module cache', async () => {
    const check = vi.fn(async () => ({ message: 'Email verified' }));
    await renderWithRouter(
      <StrictMode>
        <VerifyEmailPage token="once" logic={logic(check)} />
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Email Verified Successfully!' })).toBeInTheDocument();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('VERIFY-3: tells an expired link apart', async () => {
    await renderWithRouter(
      <VerifyEmailPage
        token="t1"
        logic={logic(async () => Promise.reject(new ApiError('Expired', 410, undefined, true)))}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Verification Link Expired' })).toBeInTheDocument();
    expect(screen.getByText(/request a new verification link/)).toBeInTheDocument();
  });
});

describe('/reset-password', () => {
  it('RESET-3, RESET-4, RESET-7: validates, resets, logs in automatically and leaves', async () => {
    await startSession();
    const reset = deferred<{ message: string; user: { email: string } }>();
    const signIn = vi.fn();
    const navigate = vi.fn();
    const logic = defineFlow(resetPasswordMachine)(() => ({
      actors: {
        resetPassword: fromPromise(() => reset.promise),
        login: fromPromise(async () => ({ token: 'auto' })),
      },
      actions: { signIn: (_, p) => signIn(p), navigate: (_, p) => navigate(p) },
      delays: { successPause: 10, loginPause: 10 },
    }));
    await renderWithRouter(<ResetPasswordPage token="r1" logic={logic} />);
    type('New Password', 'abc');
    type('Confirm New Password', 'abd');
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
    type('Confirm New Password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 6 characters long');
    type('New Password', 'secret1');
    type('Confirm New Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('button', { name: 'Resetting Password...' })).toBeDisabled();
    reset.resolve({ message: 'Password has been reset', user: { email: 'ada@example.com' } });
    expect(await screen.findByRole('button', { name: 'Logging In...' })).toBeDisabled();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/' }));
    expect(signIn).toHaveBeenCalledWith({ token: 'auto' });
  });
});
