import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, mailedPath, pathOf, uniqueEmail, verifiedAccount } from './accounts';
import { desktop, openPage, phone, screenshot, setupBrowser, type Viewport } from './browser';
import { startServer, type ServerProcess } from './server-process';

const { browser } = setupBrowser();

// The product's texts (docs/requirements.md), word for word.
const VERIFY_HINT = 'Please check your email to verify your account before signing in.';
const DELETE_CONFIRMATION = 'Are you sure you want to delete your account? This action cannot be undone.';

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign In' });
const htmlTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset['theme'] ?? null);

async function fillLogin(scope: ReturnType<Page['getByRole']>, email: string, password: string) {
  await scope.getByLabel('Email').fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Login' }).click();
}

/** Signs in through the sidebar's Sign In and the login dialog (desktop). */
async function loginWithDialog(page: Page, email: string, password: string) {
  await sidebar(page).getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => loginDialog(page).isVisible()).toBe(true);
  await fillLogin(loginDialog(page), email, password);
}

async function expectBalance(page: Page, credits: number) {
  await expect
    .poll(() => sidebar(page).getByLabel(`Credit balance: ${credits} credits`).isVisible(), { timeout: 10_000 })
    .toBe(true);
}

describe('account life cycle at 1280', () => {
  it('registers, verifies, signs in, keeps the theme on the server, logs out and deletes the account', async () => {
    const email = uniqueEmail('life');
    const password = 'life-secret-1';

    // Register on /register: the register dialog shows the server's message and the verification hint.
    const page = await openPage(browser(), desktop, '/register');
    await expect.poll(() => page.getByRole('heading', { name: 'Create Account' }).isVisible()).toBe(true);
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(password);
    await main.getByLabel('Confirm Password').fill(password);
    const registered = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
    await main.getByRole('button', { name: 'Register' }).click();
    expect((await registered).ok()).toBe(true);
    const notice = page.getByRole('dialog', { name: 'Registration successful' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.getByText(VERIFY_HINT, { exact: true }).isVisible()).toBe(true);
    // The message is said once: the title, then the hint.
    const text = (await notice.textContent()) ?? '';
    expect(text.split('Registration successful')).toHaveLength(2);
    expect(text.split('Please check your email')).toHaveLength(2);
    await expect.poll(() => pathOf(page)).toBe('/subscribe');
    await screenshot(page, 'register-notice-desktop');

    // Before verifying, the account cannot sign in yet.
    expect((await api('/api/auth/login', { body: { email, password } })).status).toBe(403);

    // Verify through the mailed link.
    await page.goto(await mailedPath(email, 'Verify'));
    await expect.poll(() => page.getByRole('heading', { name: 'Email Verified Successfully!' }).isVisible()).toBe(true);
    await screenshot(page, 'verify-success-desktop');
    // AUTH-18: opened in the browser that registered, the link signs the person in; a free account goes on to
    // /subscribe with the 50 free credits.
    await expect.poll(() => page.getByText('You are signed in.').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await expect.poll(() => pathOf(page)).toBe('/subscribe');
    await expectBalance(page, 50);
    expect(await sidebar(page).getByRole('link', { name: 'Subscribe' }).isVisible()).toBe(true);
    expect(await sidebar(page).getByRole('button', { name: 'Sign In' }).count()).toBe(0);

    // Settings shows the email and a password never changed.
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
    const account = page.getByRole('region', { name: 'Account Information' });
    expect(await account.getByText(email, { exact: true }).isVisible()).toBe(true);
    const security = page.getByRole('region', { name: 'Security' });
    expect(await security.getByText('Never', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'settings-desktop');

    // Choose Ocean: applied at once and saved on the server.
    await sidebar(page).getByRole('link', { name: 'Themes' }).click();
    await page.getByRole('button', { name: 'Apply Ocean' }).click();
    await expect.poll(() => htmlTheme(page)).toBe('ocean');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await expect.poll(async () => (await api('/api/users/theme', { token: token! })).body['theme']).toBe('ocean');

    // A new browser (empty localStorage) starts dark and gets Ocean from the server once signed in.
    const other = await openPage(browser(), desktop, '/themes');
    await expect.poll(() => other.getByTestId('theme-card').count()).toBeGreaterThan(0);
    expect(await htmlTheme(other)).not.toBe('ocean');
    await loginWithDialog(other, email, password);
    await expect.poll(() => pathOf(other)).toBe('/subscribe');
    await expect.poll(() => htmlTheme(other)).toBe('ocean');
    await sidebar(other).getByRole('link', { name: 'Themes' }).click();
    await expect
      .poll(() => other.locator('[data-theme-name=ocean]').getByText('Active', { exact: true }).isVisible())
      .toBe(true);
    await other.context().close();

    // Logout from Settings, then sign in again with the dialog.
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => sidebar(page).getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect((await api('/api/auth/user', { token: token! })).status).toBe(401);
    await loginWithDialog(page, email, password);
    await expect.poll(() => pathOf(page)).toBe('/subscribe');
    await expectBalance(page, 50);

    // Delete the account after the confirmation.
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Account' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    expect(await confirm.getByText(DELETE_CONFIRMATION, { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'delete-confirm-desktop');
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => page.getByText('Account successfully deleted', { exact: true }).isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/');
    expect(await sidebar(page).getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);

    // The account is gone: signing in fails with the server's message.
    const refused = await api('/api/auth/login', { body: { email, password } });
    expect(refused.status).toBe(401);
    await loginWithDialog(page, email, password);
    await expect.poll(() => loginDialog(page).getByRole('alert').textContent()).toBe(String(refused.body['message']));
    await page.context().close();
  }, 180_000); // register → verify → sign in → theme → logout → login → delete: a long journey
});

describe('login errors at 1280', () => {
  it("shows the server's message for a wrong password in the login dialog", async () => {
    const { email } = await verifiedAccount('wrong');
    const refused = await api('/api/auth/login', { body: { email, password: 'not-the-password' } });
    expect(refused.status).toBe(401);
    const message = String(refused.body['message']);
    expect(message).not.toBe('');

    const page = await openPage(browser(), desktop, '/');
    await loginWithDialog(page, email, 'also-not-the-password');
    await expect.poll(() => loginDialog(page).getByRole('alert').textContent()).toBe(message);
    expect(await loginDialog(page).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'login-dialog-error-desktop');
    await page.context().close();
  });
});

describe('forgot and reset password at 1280', () => {
  it('RESET-7: mails a reset link, checks the new password, resets it and signs in automatically', async () => {
    const { email, password } = await verifiedAccount('reset');
    const page = await openPage(browser(), desktop, '/');

    // The login dialog's 'Forgot Password?' link leads to the page.
    await sidebar(page).getByRole('button', { name: 'Sign In' }).click();
    await loginDialog(page).getByRole('link', { name: 'Forgot Password?' }).click();
    await expect.poll(() => pathOf(page)).toBe('/forgot-password');
    const main = page.getByRole('main');
    await expect.poll(() => main.getByRole('heading', { name: 'Reset Password' }).isVisible()).toBe(true);
    expect(await main.getByRole('link', { name: 'Back to Login' }).isVisible()).toBe(true);
    await main.getByLabel('Email').fill(email);
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/auth/forgot-password'));
    await main.getByRole('button', { name: 'Send Reset Link' }).click();
    const answer = (await (await sent).json()) as { message: string };
    await expect.poll(() => main.getByRole('status').textContent()).toBe(answer.message);

    await page.goto(await mailedPath(email, 'Reset'));
    const form = page.getByRole('main');
    const newPassword = form.getByLabel('New Password', { exact: true });
    const confirmPassword = form.getByLabel('Confirm New Password');
    await newPassword.fill('second-secret-2');
    await confirmPassword.fill('second-secret-3');
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Passwords do not match');
    await newPassword.fill('abc');
    await confirmPassword.fill('abc');
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Password must be at least 6 characters long');
    await screenshot(page, 'reset-password-error-desktop');

    await newPassword.fill('second-secret-2');
    await confirmPassword.fill('second-secret-2');
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await expect
      .poll(() => form.getByText('Logging you in automatically...', { exact: true }).isVisible(), { timeout: 5000 })
      .toBe(true);
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toBe('/');
    await expectBalance(page, 50);
    expect(await sidebar(page).getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);

    // The old password no longer works, the new one does.
    expect((await api('/api/auth/login', { body: { email, password } })).status).toBe(401);
    expect((await api('/api/auth/login', { body: { email, password: 'second-secret-2' } })).status).toBe(200);
    await page.context().close();
  });
});

describe('email verification failures', () => {
  let shortLived: ServerProcess | undefined;
  beforeAll(async () => {
    // A second real server whose verification links expire after 1 ms.
    shortLived = await startServer({ VERIFICATION_TOKEN_TTL_MS: '1', LOG_REQUESTS: '0' });
  });
  afterAll(async () => {
    await shortLived?.stop();
  });

  const sizes: ReadonlyArray<readonly [string, Viewport]> = [
    ['desktop', desktop],
    ['phone', phone],
  ];

  it.each(sizes)('VERIFY-3: shows Verification Link Expired for an expired link at %s', async (name, viewport) => {
    const base = shortLived!.baseUrl;
    const email = uniqueEmail(`expired-${name}`);
    expect((await api('/api/auth/register', { base, body: { email, password: 'expired-secret-1' } })).status).toBe(201);
    const path = await mailedPath(email, 'Verify', base);
    const context = await browser().newContext({ viewport, baseURL: base, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(path);
    await expect.poll(() => page.getByRole('heading', { name: 'Verification Link Expired' }).isVisible()).toBe(true);
    expect(await page.getByText('Log in to request a new verification link.').isVisible()).toBe(true);
    await screenshot(page, `verify-expired-${name}`);
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect.poll(() => pathOf(page)).toBe('/login');
    await context.close();
  });

  it.each(sizes)('VERIFY-4: shows Verification Failed for an unknown link at %s', async (name, viewport) => {
    const page = await openPage(browser(), viewport, '/verify-email/not-a-real-token');
    await expect.poll(() => page.getByRole('heading', { name: 'Verification Failed' }).isVisible()).toBe(true);
    const answer = await api('/api/auth/verify-email/not-a-real-token');
    expect(answer.status).toBe(400);
    expect(await page.getByRole('alert').textContent()).toContain(String(answer.body['message']));
    expect(await page.getByText('Logging in sends you a new verification link.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Login' }).isVisible()).toBe(true);
    await screenshot(page, `verify-failed-${name}`);
    await page.context().close();
  });
});

describe('login at 390', () => {
  it("opens the login dialog from the drawer's Sign In and signs in", async () => {
    const { email, password } = await verifiedAccount('phone');
    const page = await openPage(browser(), phone, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => loginDialog(page).isVisible()).toBe(true);
    // The drawer closes: not merely hidden from assistive technology behind the modal login dialog.
    await expect.poll(() => page.getByRole('dialog', { name: 'Menu', includeHidden: true }).count()).toBe(0);
    // Focus stays in the login dialog, not on the menu button the closed drawer hands it back to.
    await expect.poll(() => loginDialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await screenshot(page, 'login-dialog-phone');
    await fillLogin(loginDialog(page), email, password);
    await expect.poll(() => pathOf(page)).toBe('/subscribe');
    await expect.poll(() => loginDialog(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => drawer.getByLabel('Credit balance: 50 credits').isVisible()).toBe(true);
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Account Information' }).isVisible()).toBe(true);
    expect(await page.getByText(email, { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'settings-phone');
    await page.context().close();
  });
});

describe('login dialog at 1280', () => {
  it('AUTH-8: has Email, Password, Forgot Password? and a switch to registration', async () => {
    const page = await openPage(browser(), desktop, '/');
    await sidebar(page).getByRole('button', { name: 'Sign In' }).click();
    const dialog = loginDialog(page);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (const name of ['Email', 'Password']) {
      expect(await dialog.getByLabel(name, { exact: true }).isVisible()).toBe(true);
    }
    expect(await dialog.getByRole('link', { name: 'Forgot Password?' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: "Don't have an account? Register" }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Create Account' }).isVisible()).toBe(true);
    expect(await page.getByRole('dialog').getByLabel('Confirm Password').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Already have an account? Sign In' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await screenshot(page, 'login-dialog-desktop');
    await page.context().close();
  });
});
