/** The session owns the token (issue 11): reset while signed in, a revoked session, a silent server error. */
import { describe, expect, it } from 'vitest';
import { desktop, setupBrowser } from './browser';
import { api, balanceShown, loginToken, mailedPath, pathOf, signedInPage, verifiedAccount } from './accounts';

const { browser } = setupBrowser();

describe('the session in the browser', () => {
  it('resets the password in the same browser while signed in: logged in with the new token, kept after a reload', async () => {
    const { email, password } = await verifiedAccount('reset-signed-in');
    const page = await signedInPage(browser(), desktop, await loginToken(email, password), '/');
    await expect.poll(() => balanceShown(page)).toBe(true);
    const oldToken = await page.evaluate(() => localStorage.getItem('token'));

    expect((await api('/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    await page.goto(await mailedPath(email, 'Reset'));
    const form = page.getByRole('main');
    await form.getByLabel('New Password', { exact: true }).fill('second-secret-2');
    await form.getByLabel('Confirm New Password').fill('second-secret-2');
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/');
    await expect.poll(() => balanceShown(page)).toBe(true);
    const newToken = await page.evaluate(() => localStorage.getItem('token'));
    expect(newToken).not.toBeNull();
    expect(newToken).not.toBe(oldToken);

    await page.reload();
    await expect.poll(() => balanceShown(page)).toBe(true);
    expect(await page.getByRole('dialog', { name: 'Sign In' }).count()).toBe(0);
    await page.context().close();
  });

  it('signs out with the login dialog on the next action after the session is revoked elsewhere', async () => {
    const { email, password } = await verifiedAccount('revoked');
    const token = await loginToken(email, password);
    const page = await signedInPage(browser(), desktop, token, '/settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Settings' }).isVisible()).toBe(true);
    // Settings has finished loading (balance, plan, credit history): the next call is the person's action.
    await page.waitForLoadState('networkidle');
    // Another browser logs out with the same token: the server revokes it.
    expect((await api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);

    // The next authenticated action (cancel the subscription: a call with the token) is refused.
    const refused = page.waitForResponse((r) => r.status() === 401);
    await page.getByRole('button', { name: 'Change Email' }).click();
    await page.getByLabel('New Email').fill('elsewhere@example.com');
    await page.getByLabel('Current Password').fill(password);
    await page.getByRole('button', { name: 'Update Email' }).click();
    await refused;
    await expect.poll(() => page.getByRole('dialog', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await balanceShown(page)).toBe(false);

    // Signing in again follows AUTH-4: a free user goes to /subscribe.
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => pathOf(page)).toBe('/subscribe');
    await expect.poll(() => balanceShown(page)).toBe(true);
    await page.context().close();
  });

  it('AUTH-13, AUTH-14, RESET-2: shows the fallback of each form when the server answers 500 with no body', async () => {
    const { email, password } = await verifiedAccount('silent-500');
    const page = await signedInPage(browser(), desktop, await loginToken(email, password), '/settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Settings' }).isVisible()).toBe(true);
    await page.route('**/api/**', (route) =>
      route.request().method() === 'GET' ? route.fallback() : route.fulfill({ status: 500, body: '' }),
    );
    const alert = (text: string) => page.getByRole('alert').filter({ hasText: text });
    const expectAlert = (text: string) => expect.poll(() => alert(text).first().textContent()).toBe(text);

    // Signed in: change email, logout, delete account.
    await page.getByRole('button', { name: 'Change Email' }).click();
    await page.getByLabel('New Email').fill('changed@example.com');
    await page.getByLabel('Current Password').fill(password);
    await page.getByRole('button', { name: 'Update Email' }).click();
    await expectAlert('Failed to update email');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => page.getByText('Failed to logout. Please try again.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Account' })
      .getByRole('button', { name: 'Delete my account' })
      .click();
    await expectAlert('Failed to delete account. Please try again.');
    expect(await page.getByText('Network response was not ok').count()).toBe(0);

    // A visitor: login and register (page and dialog), forgot, reset, verify.
    await page.evaluate(() => localStorage.removeItem('token'));
    await page.goto('/login');
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(password);
    await main.getByRole('button', { name: 'Login' }).click();
    await expectAlert('Login failed');

    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expectAlert('Failed to login');
    await page.keyboard.press('Escape');

    await page.goto('/register');
    await main.getByLabel('Email').fill('new-500@example.com');
    await main.getByLabel('Password', { exact: true }).fill('secret-123');
    await main.getByLabel('Confirm Password').fill('secret-123');
    await main.getByRole('button', { name: 'Register' }).click();
    await expectAlert('Registration failed');

    await page.getByRole('button', { name: 'Register' }).first().click();
    const registerDialog = page.getByRole('dialog');
    await registerDialog.getByLabel('Email').fill('new-500@example.com');
    await registerDialog.getByLabel('Password', { exact: true }).fill('secret-123');
    await registerDialog.getByLabel('Confirm Password').fill('secret-123');
    await registerDialog.getByRole('button', { name: 'Register' }).click();
    await expectAlert('Failed to register');
    await page.keyboard.press('Escape');

    await page.goto('/forgot-password');
    await main.getByLabel('Email').fill(email);
    await main.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectAlert('Failed to send reset email. Please try again.');

    await page.goto('/reset-password/some-token');
    await main.getByLabel('New Password', { exact: true }).fill('second-secret-2');
    await main.getByLabel('Confirm New Password').fill('second-secret-2');
    await main.getByRole('button', { name: 'Reset Password' }).click();
    await expectAlert('An error occurred while resetting password');

    await page.route('**/api/auth/verify-email/**', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/verify-email/some-token');
    await expect.poll(() => page.getByText('Verification failed', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Network response was not ok').count()).toBe(0);
    await page.context().close();
  });
});
