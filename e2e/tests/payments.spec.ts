import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { E2E, apiUrl, memberUrl } from '../env';
import { createMember, signInStudent } from './helpers';

async function choosePlan(page: Page, planName: string, button: string) {
  await page.goto('/subcription/package');
  await page.getByRole('link', { name: new RegExp(planName) }).click();
  await page.getByRole('button', { name: button }).click();
}

test.describe('buying an activation plan in the sandbox', () => {
  test('a coach pays, sees Paid in billing and downloads the invoice', async ({ page }) => {
    const coach = await createMember(page, 1);
    await signInStudent(page, coach.id, coach.password, 'coach');
    await choosePlan(page, 'Coach annual membership', 'Subscribe and pay');
    // The provider's page (here the API's sandbox), then back to the member site.
    await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
    await expect(page.getByText('SAR 350.00').or(page.getByText('350.00'))).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    // The receipt: plan, period, VAT, amount and the invoice.
    await expect(page).toHaveURL(new RegExp(`^${memberUrl}/thanksyou/[0-9a-f-]{36}$`));
    await expect(page.getByText('Paid successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank you! Your payment was received' })).toBeVisible();
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByText('Coach annual membership')).toBeVisible();
    await expect(receipt.getByText('VAT (15%)')).toBeVisible();
    await expect(receipt.getByText(/SAR\s45\.65/)).toBeVisible();
    await expect(receipt.getByText(/SAR\s350\.00/)).toBeVisible();
    // The tax invoice's number, as the PDF and the billing tab carry it.
    await expect(receipt.getByText('Invoice number')).toBeVisible();
    await expect(receipt.getByTestId('receipt-invoice')).toHaveText(/^INV-\d{4}-\d{6}$/);
    await expect(page.getByRole('link', { name: 'Download the invoice (PDF)' })).toHaveAttribute(
      'href',
      /^\/accounts\/invoice\/[0-9a-f-]{36}$/,
    );
    // The plan page is never kept: a back button asks again.
    expect((await page.request.get('/subcription/package')).headers()['cache-control']).toBe('no-store');

    await page.goto('/accounts?tab=subscriptions');
    const row = page.locator('tr[data-order]').first();
    await expect(row.getByText('Paid')).toBeVisible();
    await expect(row.locator('td').first()).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    const orderId = await row.getAttribute('data-order');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('link', { name: /^Download invoice INV-/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The plan page now offers a renewal.
    await page.goto('/subcription/package');
    // Dates day first, the Saudi way (never month first nor year first).
    await expect(page.getByText(/Your membership is active until \d{1,2} [A-Z][a-z]+ \d{4}\./)).toBeVisible();

    // On a 390 px phone, in both languages, billing is a list of cards: every field, nothing off-screen.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ['en', 'ar']) {
      await page.context().addCookies([{ name: 'lang', value: lang, url: memberUrl }]);
      await page.goto('/accounts?tab=subscriptions');
      const card = page.locator('li[data-order]').first();
      await expect(card).toBeVisible();
      await expect(page.locator('tr[data-order]').first()).toBeHidden();
      await expect(card.locator('dt')).toHaveCount(6);
      await expect(
        card.getByRole('link', { name: lang === 'en' ? /^Download invoice INV-/ : /^تنزيل الفاتورة INV-/ }),
      ).toBeVisible();
      const overflow = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(overflow[0]).toBeLessThanOrEqual(overflow[1]);
    }
  });

  test('in Arabic, a declined payment says so and activates nothing', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
    const coach = await createMember(page, 1);
    await signInStudent(page, coach.id, coach.password, 'coach');
    await choosePlan(page, 'عضوية المدرب السنوية', 'اشترك وادفع');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'دفع تجريبي' })).toBeVisible();
    await page.getByRole('button', { name: 'ارفض' }).click();
    await expect(page).toHaveURL(/\/404\/not-found\/\?payment=declined$/);
    await expect(page.getByText('رُفضت عملية الدفع. لم يُخصم أي مبلغ، ويمكنك المحاولة مرة أخرى.')).toBeVisible();
    await page.goto('/accounts?tab=subscriptions');
    await expect(page.locator('tr[data-order]').first().getByText('مرفوضة')).toBeVisible();
    await expect(page.getByRole('link', { name: 'تنزيل' })).toHaveCount(0);
  });

  test('a cancelled payment goes back to the plans', async ({ page }) => {
    const coach = await createMember(page, 1);
    await signInStudent(page, coach.id, coach.password, 'coach');
    await choosePlan(page, 'Coach annual membership', 'Subscribe and pay');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('The payment was cancelled. No money was taken; you can try again.')).toBeVisible();
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page).toHaveURL(/\/subcription\/package$/);
  });
});

test.describe('the partner embed', () => {
  const partnerPort = E2E.memberPort + 17;
  const foreignPort = E2E.memberPort + 18;
  const partnerOrigin = `http://127.0.0.1:${partnerPort}`;
  /** The same partner page on another site than the member site's 127.0.0.1: a cross-site frame. */
  const partnerSite = `http://localhost:${partnerPort}`;
  const key = 'e2e-partner-key-0123456789abcdef';
  const servers: Server[] = [];
  let embedUrl = '';

  /** A page on its own origin that frames (or opens) the embed and writes down any message it receives. */
  function serve(port: number, html: string) {
    const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(html));
    servers.push(server);
    return new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  }

  test.beforeAll(async ({ request }) => {
    const login = await request.post(`${apiUrl}/api/admin-login`, {
      data: { national_id: E2E.admin.email, password: E2E.admin.password },
    });
    const token = login.headers()['authorization'];
    const clientId = `e2e-${Date.now()}`;
    const made = await request.post(`${apiUrl}/api/admin/partners`, {
      headers: { Authorization: token },
      data: { name: 'Robotics academy', client_id: clientId, key, origins: [partnerOrigin, partnerSite], status: true },
    });
    expect(made.status()).toBe(201);
    embedUrl = `${memberUrl}/embeded/login/${clientId}/${key}`;
    const listen = `<pre id="got">none</pre><script>
      addEventListener('message', (e) => { (window.received ??= []).push(e.data); document.getElementById('got').textContent = JSON.stringify({ origin: e.origin, data: e.data }); });
    </script>`;
    await serve(
      partnerPort,
      `<!doctype html><h1>Partner</h1>${listen}<iframe id="f" src="${embedUrl}?lang=ar" width="520" height="560"></iframe>`,
    );
    await serve(
      foreignPort,
      `<!doctype html><h1>Foreign</h1>${listen}<button id="open" onclick="window.open('${embedUrl}', 'embed')">open</button><iframe id="f" src="${embedUrl}" width="520" height="300"></iframe>`,
    );
  });
  test.afterAll(() => Promise.all(servers.map((s) => new Promise((ok) => s.close(ok)))));

  test('the registered partner frames the page in Arabic and receives the token of a subscribed member', async ({
    page,
  }) => {
    await page.goto(partnerOrigin);
    const frame = page.frameLocator('#f');
    await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl');
    await frame.locator('#national_id').fill(E2E.student.nationalId);
    await frame.locator('#password').fill(E2E.demoPassword);
    await frame.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(frame.getByText('تم تسجيل الدخول. يمكنك المتابعة في موقع الشريك.')).toBeVisible();
    await expect(page.locator('#got')).not.toHaveText('none');
    const got = JSON.parse((await page.locator('#got').textContent())!) as {
      origin: string;
      data: { token: string; user: Record<string, unknown> };
    };
    expect(got.origin).toBe(memberUrl);
    // Who signed in and whether the plan is active, nothing more (issue 31, finding 6).
    expect(Object.keys(got.data.user).sort()).toEqual(['_id', 'end_date', 'name', 'subscriptionValid', 'type']);
    expect(got.data.user.subscriptionValid).toBe(true);
    // The partner's server reads the member with the token; it opens no member page.
    const read = await page.request.get(`${apiUrl}/api/iframe/member`, {
      headers: { Authorization: `Bearer ${got.data.token}` },
    });
    expect((await read.json()).member).toEqual(got.data.user);
    const profile = await page.request.get(`${apiUrl}/api/accounts`, { headers: { Authorization: got.data.token } });
    expect(profile.status()).toBe(401);
  });

  test('framed cross-site where the browser refuses the frame any storage, the embed still signs in', async ({
    page,
  }) => {
    // Chromium's storage partitioning / blocked third-party storage: touching storage in the frame throws.
    await page.addInitScript(() => {
      if (window === window.top) return;
      for (const name of ['sessionStorage', 'localStorage']) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            const w = window as unknown as { storageRefused?: number };
            w.storageRefused = (w.storageRefused ?? 0) + 1;
            throw new DOMException('Access is denied for this document.', 'SecurityError');
          },
        });
      }
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/postMessage/.test(m.text())) errors.push(m.text());
    });
    await page.goto(partnerSite);
    const frame = page.frameLocator('#f');
    await expect(frame.locator('#national_id')).toBeVisible();
    // The page met the refusal (and carried on with a store of its own). The form is drawn by the
    // server; the page's script meets the refusal when it runs, which on a loaded machine is later.
    const inner = page.frames().find((f) => f.url().startsWith(memberUrl))!;
    await expect
      .poll(() => inner.evaluate(() => (window as unknown as { storageRefused?: number }).storageRefused ?? 0))
      .toBeGreaterThan(0);
    await frame.locator('#national_id').fill(E2E.student.nationalId);
    await frame.locator('#password').fill(E2E.demoPassword);
    await frame.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(frame.getByText('تم تسجيل الدخول. يمكنك المتابعة في موقع الشريك.')).toBeVisible();
    await expect(page.locator('#got')).not.toHaveText('none');
    const got = JSON.parse((await page.locator('#got').textContent())!) as { origin: string; data: { token: string } };
    expect(got.origin).toBe(memberUrl);
    expect(got.data.token.length).toBeGreaterThan(20);
    expect(errors).toEqual([]);
  });

  test('a member without an active plan is refused with the spec message', async ({ page }) => {
    const coach = await createMember(page, 1);
    await page.goto(`${embedUrl}?lang=en`);
    await page.locator('#national_id').fill(coach.id);
    await page.locator('#password').fill(coach.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByText(
        'Your subscription is not active or has expired. To renew it, sign in on the WRO Platform, open Account › Subscriptions and choose a plan; then sign in here again.',
      ),
    ).toBeVisible();
  });

  test('a foreign origin can neither frame the page nor receive the sign-in', async ({ page }) => {
    // frame-ancestors names only the partner: Chromium refuses the frame (and says so), which stays empty.
    const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
    await page.goto(`http://127.0.0.1:${foreignPort}`);
    await refused;
    await expect(page.frameLocator('#f').locator('#national_id')).toHaveCount(0);
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('#open').click()]);
    await popup.locator('#national_id').fill(E2E.student.nationalId);
    await popup.locator('#password').fill(E2E.demoPassword);
    await popup.getByRole('button', { name: 'Sign in' }).click();
    await expect(popup.getByText('Signed in. You can continue on the partner site.')).toBeVisible();
    // Messages from one window arrive in the order sent: once a marker posted after the sign-in has
    // arrived, the sign-in's message would have too, had the browser not dropped it (wrong origin).
    await popup.evaluate(() => window.opener.postMessage('marker', '*'));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { received?: unknown[] }).received ?? []))
      .toEqual(['marker']);
  });

  test('missing segments or an unknown client lead to not found', async ({ page }) => {
    await page.goto('/embeded/login/only-one');
    await expect(page).toHaveURL(/\/404\/not-found$/);
    await page.goto('/embeded/login/unknown/whatever-key');
    await expect(page).toHaveURL(/\/404\/not-found$/);
  });
});
