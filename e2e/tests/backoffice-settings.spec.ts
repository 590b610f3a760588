import { expectNoAxeViolations } from '../a11y.ts';
import {
  call,
  OPERATOR_LOCALES as LOCALES,
  type OperatorLocale,
  signInOperator,
  operatorText as text,
} from '../backoffice.ts';
import { expect, text as memberText, test } from '../fixtures.ts';

/**
 * The back-office's site settings end to end (issue 7), in Thai and English: an admin made through the sandbox
 * signs in with TOTP, changes the contact text of the language and the member's public /contact page shows it,
 * turns the site to terminated and a member page goes to /terminated, then turns it back off. The contact text
 * and the flag are put back whatever happens: the other spec files of the worker share this server.
 */
test.describe.configure({ mode: 'serial' });

const SETTINGS_API = '/backoffice/api/settings';

interface Contact {
  contactText: string;
  lineName: string;
  lineLink: string;
  lineQR: string;
}

for (const locale of LOCALES) {
  test.describe(`site settings (${locale})`, () => {
    // The member app in the same language as the operator's: the text edited is the one the member reads.
    test.use({ uiLocale: locale });

    test(`an admin edits the contact text and terminates the site, then puts both back (${locale})`, async ({
      page,
      baseURL,
      server,
    }) => {
      const base = baseURL ?? '';
      const { token } = await signInOperator(page, base, {
        role: 'admin',
        locale,
        path: '/settings',
        name: 'settings',
      });
      const operator = { authorization: `Bearer ${token}` };
      const before = await call<{ texts: { contact: Record<OperatorLocale, Contact | null> } }>(
        base,
        'GET',
        SETTINGS_API,
        undefined,
        operator,
      );
      const original = before.texts.contact[locale];
      expect(original).not.toBeNull();
      const edited = `E2E ${locale} ${Date.now()}: ${locale === 'th' ? 'ติดต่อทีมงานทางไลน์' : 'Write to us on LINE'}`;

      try {
        await page.getByRole('link', { name: text(locale, 'nav.settings') }).click();
        await expect(page.getByRole('heading', { name: text(locale, 'settings.title'), level: 1 })).toBeVisible();
        await expectNoAxeViolations(page, `back-office settings (${locale})`);

        // The contact text of the language, saved; the member's public page shows it.
        const contact = page.getByTestId('settings-contact');
        await contact.getByRole('tab', { name: text(locale, `settings.locale.${locale}`) }).click();
        const field = contact.getByLabel(text(locale, 'settings.contact.contactText'));
        await expect(field).toHaveValue(original?.contactText ?? '');
        await field.fill(edited);
        await contact.getByRole('button', { name: text(locale, 'settings.save') }).click();
        await expect(contact.getByText(text(locale, 'common.saved'))).toBeVisible();
        await page.goto('/contact');
        await expect(page.getByRole('heading', { name: memberText(locale, 'contact.title') })).toBeVisible();
        await expect(page.getByText(edited)).toBeVisible();

        // Terminated, after the warning: a member page goes to /terminated.
        await page.goto('/backoffice/settings');
        const terminated = page.getByRole('switch', { name: text(locale, 'settings.flags.terminated') });
        await expect(terminated).toHaveAttribute('aria-checked', 'false');
        await terminated.click();
        const warning = page.getByRole('dialog', { name: text(locale, 'settings.flags.terminateTitle') });
        await expect(warning).toContainText(text(locale, 'settings.flags.terminateBody'));
        await warning.getByRole('button', { name: text(locale, 'settings.flags.terminateConfirm') }).click();
        await expect(terminated).toHaveAttribute('aria-checked', 'true');
        await page.goto('/contact');
        await expect(page).toHaveURL(/\/terminated$/);
        await expect(page.getByRole('heading', { name: memberText(locale, 'terminated.title') })).toBeVisible();

        // Back on, through the switch (no warning to turn it off), and the text put back through the editor.
        await page.goto('/backoffice/settings');
        await expect(terminated).toHaveAttribute('aria-checked', 'true');
        await terminated.click();
        await expect(terminated).toHaveAttribute('aria-checked', 'false');
        await contact.getByRole('tab', { name: text(locale, `settings.locale.${locale}`) }).click();
        await field.fill(original?.contactText ?? '');
        await contact.getByRole('button', { name: text(locale, 'settings.save') }).click();
        await expect(contact.getByText(text(locale, 'common.saved'))).toBeVisible();
        await page.goto('/contact');
        await expect(page.getByRole('heading', { name: memberText(locale, 'contact.title') })).toBeVisible();
        await expect(page.getByText(original?.contactText ?? '')).toBeVisible();
      } finally {
        // Whatever failed above: the flag off and the text as it was, for the other spec files.
        await server.setSettings({ terminated: false });
        await call(base, 'PUT', `${SETTINGS_API}/texts/contact/${locale}`, { value: original }, operator);
      }
    });
  });
}
