import { existsSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { E2E, apiUrl, mailbox, whatsappUrl } from '../env';

/**
 * axe-core on the page for WCAG 2.2 AA, every journey's check. Only violations are gathered: axe runs
 * the same rules, but leaves out the details of what passed, which it otherwise collects and sends
 * back for every node it looked at. (`options` replaces the run's options: it goes before `withTags`,
 * or axe runs every rule, best practices included.)
 */
function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
}

/**
 * Waits until no finite animation or CSS transition is running on the page (a button fading from
 * disabled to enabled is read by axe half-way, with a colour that fails contrast).
 */
export async function transitionsDone(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

/** axe's violations on the page (or the part `include` selects) once its transitions have ended. */
export async function axeViolations(page: Page, include?: string) {
  await transitionsDone(page);
  const check = axe(page);
  if (include) check.include(include);
  return (await check.analyze()).violations;
}

/**
 * Types into a back-office list's search box and waits until the list is filtered by it.
 * react-admin applies a search half a second after the last key, by navigating to the list with
 * the filter in its address; a row clicked before that races that navigation (a fresh-clone run
 * clicked a team's row and never saw the team's page). Arabic-Indic digits may reach the address as
 * they were typed or as Western digits.
 */
export async function searchList(page: Page, text: string) {
  await page.getByPlaceholder(/^(Search|بحث)$/).fill(text);
  const western = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
  await expect
    .poll(() => {
      const hash = new URL(page.url()).hash;
      const filter = new URLSearchParams(hash.slice(hash.indexOf('?') + 1)).get('filter');
      const q: unknown = filter ? (JSON.parse(filter) as { q?: unknown }).q : undefined;
      return q === text || q === western;
    }, `the list's address holds the search "${text}"`)
    .toBe(true);
}

/**
 * The text of the newest message the API queued for a destination, as the person reads it: while it
 * waits to go out, from the development outbox route; once sent by WhatsApp (the worker blanks a
 * code's text then), what the fake WhatsApp of global-setup received under that message's wamid.
 */
async function newestText(page: Page, to: string): Promise<string> {
  const res = await page.request.get(`${apiUrl}/api/dev/outbox`, { params: { to } });
  const [newest] = ((await res.json()) as { messages: { body: string; status: string; provider_id: string | null }[] })
    .messages;
  if (!newest) return '';
  if (newest.status !== 'sent' || !newest.provider_id) return newest.body;
  return (await whatsappReceived(page, to)).find((m) => m.id === newest.provider_id)?.text ?? newest.body;
}

/** What the fake WhatsApp (e2e/global-setup.ts) received for a phone, oldest first. */
export async function whatsappReceived(
  page: Page,
  to: string,
): Promise<{ id: string; text: string; params: string[]; template?: { name: string; language: string } }[]> {
  const res = await page.request.get(`${whatsappUrl()}/_fake/messages`, { params: { to } });
  return ((await res.json()) as { messages: Awaited<ReturnType<typeof whatsappReceived>> }).messages;
}

/** The newest code the API sent to a destination (WhatsApp or the development outbox). */
export async function outboxCode(page: Page, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = /\b(\d{4,10})\b/.exec(await newestText(page, to))?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The newest e-mail the SMTP catcher received for an address, decoded enough to find the code. */
export async function mailedCode(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      if (!existsSync(mailbox)) return undefined;
      const mails = readFileSync(mailbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; raw: string })
        .filter((m) => m.to === to);
      const raw = mails.at(-1)?.raw.replace(/=\r?\n/g, '') ?? '';
      code = /\n\s*(\d{6})\s*\n/.exec(raw)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Types a code into the code boxes one character at a time, as a person would. */
export async function typeCode(page: Page, code: string) {
  await page.locator('input[name=code]').first().click();
  await page.keyboard.type(code, { delay: 30 });
}

let lastId = 0;
/**
 * A national ID (10 digits, starting with 4) no other journey of the run has: from the clock, one
 * step more than the last when two are asked for in the same moment, and ending in the Playwright
 * worker's index (TEST_PARALLEL_INDEX), so that journeys in parallel workers never make the same one;
 * the phone number made from its last digits (saudiMobile) differs as well. Make people with it (or
 * createMember), never with fixed numbers, when a file may run beside another.
 */
export const uniqueId = () => {
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  lastId = Math.max(lastId + 10, Math.floor((Date.now() % 1e9) / 10) * 10 + worker);
  return `4${String(lastId).padStart(9, '0')}`;
};

/**
 * A Saudi mobile number ending in the last seven digits given: 050 numbers are all valid mobiles,
 * unlike 052 or 0579 numbers, which the API refuses as it should.
 */
export const saudiMobile = (digits: string | number) => `+96650${String(digits).slice(-7).padStart(7, '0')}`;

/** A member signed up through the API, not verified yet; `ticket` is what the sign-up answered in user._id. */
export async function signUpMember(page: Page, type: 0 | 1 = 0, extra: Record<string, string> = {}) {
  const id = uniqueId();
  const phone = saudiMobile(id);
  const password = 'Member-pass-1';
  const userInfo = {
    name: type === 0 ? 'Test Student' : 'Test Coach',
    national_id: id,
    date_birth: type === 0 ? '2011-01-01' : '1985-01-01',
    countrySelected: 'SA',
    email: `m${id}@example.com`,
    phone_number: phone,
    password,
    cpassword: password,
    type: String(type),
    schoolname: 'Riyadh School',
    ElevelSelected: type === 0 ? 'Jonior' : 'BSc',
    grade: '8',
    guardianname: 'Guardian',
    guardianphone: '+966550000001',
    accept_terms: true,
    guardian_consent: true,
    ...extra,
  };
  const signup = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { loginType: 'signup', userInof: userInfo },
  });
  expect(signup.ok(), `sign-up of ${id}: ${signup.status()} ${await signup.text()}`).toBe(true);
  // The sign-up answers a verification ticket in user._id, not the account's id.
  const ticket = ((await signup.json()) as { user: { _id: string } }).user._id;
  return { id, password, phone, ticket, name: userInfo.name };
}

/** A verified member made through the API (sign-up, WhatsApp code from the dev outbox, verify). */
export async function createMember(page: Page, type: 0 | 1 = 0, extra: Record<string, string> = {}) {
  const { id, password, phone, ticket, name } = await signUpMember(page, type, extra);
  expect((await page.request.post(`${apiUrl}/api/otp`, { data: { user_id: ticket, phone_number: phone } })).ok()).toBe(
    true,
  );
  const code = await outboxCode(page, phone);
  expect((await page.request.post(`${apiUrl}/api/verify`, { data: { user_id: ticket, code } })).ok()).toBe(true);
  // Verified: a sign-in names the account.
  const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { national_id: id, password, type, loginType: 'signin' },
  });
  const token = signin.headers()['authorization'];
  const me = await page.request.post(`${apiUrl}/api/getuser`, { headers: { Authorization: token } });
  const userId = ((await me.json()) as { user: { _id: string } }).user._id;
  await page.request.post(`${apiUrl}/api/logout`, { headers: { Authorization: token } });
  return { id, password, userId, name, phone };
}

/** Signs in through the API (as the member site would) and answers the Authorization header to send. */
export async function apiToken(page: Page, nationalId: string, password: string, type: number) {
  const signin = await page.request.post(`${apiUrl}/api/adduser-steb`, {
    data: { national_id: nationalId, password, type, loginType: 'signin' },
  });
  expect(signin.ok(), `sign-in of ${nationalId}`).toBe(true);
  return { Authorization: signin.headers()['authorization'] };
}

/** The seeded admin's token, from the back-office's sign-in through the API. */
export async function staffToken(page: Page): Promise<string> {
  const login = await page.request.post(`${apiUrl}/api/admin-login`, {
    data: { national_id: E2E.admin.email, password: E2E.admin.password, type: 4, loginType: 'signin' },
  });
  expect(login.ok(), 'staff sign-in').toBe(true);
  return login.headers()['authorization'];
}

/**
 * A staff member (the seeded admin unless `who`) signs in to the back-office, in `lang` when given
 * (else in the language the browser already has), and waits for the signed-in layout: going
 * elsewhere before it could be undone by the sign-in's own navigation.
 */
export async function signInStaff(
  page: Page,
  lang?: 'en' | 'ar',
  who: { email: string; password: string } = E2E.admin,
) {
  await page.goto(`${apiUrl}/admin/`);
  if (lang) {
    // react-admin keeps its language in its store: set once, before the sign-in page draws again (a
    // later change in the language menu stays).
    await page.evaluate((l) => localStorage.setItem('RaStore.locale', JSON.stringify(l)), lang);
    await page.reload();
  }
  await page.locator('input[name=username], input[type=email]').first().fill(who.email);
  await page.locator('input[type=password]').fill(who.password);
  await page.locator('button[type=submit]').click();
  if (lang) await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  // Signed in and settled: the layout is drawn, and beside it the menu (a menu opened before would
  // close mid-render), except on a phone, where the menu is a closed drawer (under 600 px).
  await expect(page.locator('#main-content')).toBeVisible();
  if ((page.viewportSize()?.width ?? 1280) >= 600) await expect(page.getByRole('menuitem').first()).toBeVisible();
}

/** The seeded admin signs in to the back-office in Arabic, and waits on its home page. */
export async function signInAdminArabic(page: Page) {
  await signInStaff(page, 'ar');
  await expect(page).toHaveURL(/#\/$/);
  await page.waitForLoadState('networkidle');
}

export async function signInStudent(page: Page, nationalId: string, password: string, role = 'student') {
  await page.goto(`/${role}/signin/`);
  await page.locator('#national_id').fill(nationalId);
  await page.locator('#password').fill(password);
  await page.locator('main button[type=submit]').click();
  // Home; a refused sign-in names what the sign-in page said, so a failure explains itself.
  const alert = page.locator('main [role=alert]');
  const where = async () => {
    const path = new URL(page.url()).pathname;
    if (path === '/' || !(await alert.count())) return path;
    return `${path}, saying: ${await alert
      .first()
      .innerText()
      .catch(() => '')}`;
  };
  await expect.poll(where, { message: `sign-in of ${role} ${nationalId}` }).toBe('/');
}

/** The decoded text of the newest e-mail the SMTP catcher received for an address (MIME parts decoded). */
export async function mailedText(to: string, contains: string): Promise<string> {
  let text = '';
  await expect
    .poll(() => {
      if (!existsSync(mailbox)) return '';
      const raw = readFileSync(mailbox, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string; raw: string })
        .filter((m) => m.to === to)
        .at(-1)?.raw;
      text = raw ? decodeMime(raw) : '';
      return text.includes(contains);
    })
    .toBe(true);
  return text;
}

function decodeMime(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .map((part) => decodeMime(part.replace(/^\r?\n/, '')))
      .join('\n');
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Ticks every visible required checkbox of the page's main form (consents), whatever the page asks. */
export async function tickRequiredBoxes(page: Page) {
  const boxes = page.locator('main input[type=checkbox][required]:visible');
  for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).check();
}

/** Digits as an Arabic phone keyboard types them (٠١٢٣٤٥٦٧٨٩). */
export const arabicDigits = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));

/** The newest message the API sent to a destination, whole (as the member would copy it from the phone). */
export async function outboxMessage(page: Page, to: string): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      text = await newestText(page, to);
      return /\d{4,10}/.test(text);
    })
    .toBe(true);
  return text;
}

/** Pastes text into an input as a clipboard paste (the page's paste handler sees it). */
export async function pasteInto(target: import('@playwright/test').Locator, text: string) {
  await target.focus();
  await target.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** The default guardian's phone of the members signUpMember makes. */
export const DEFAULT_GUARDIAN_PHONE = '+966550000001';

/**
 * The newest guardian link about a team that a phone received (the development outbox lists the
 * newest first): after a minor accepts alone, the link with which the guardian confirms the place.
 */
export async function guardianLink(page: Page, phone: string, teamNo: string): Promise<string> {
  const res = await page.request.get(`${apiUrl}/api/dev/outbox`, { params: { to: phone } });
  const { messages } = (await res.json()) as { messages: { body: string }[] };
  const message = messages.find((m) => m.body.includes(teamNo) && m.body.includes('/invitations/'));
  expect(message, `a guardian link about ${teamNo} to ${phone}`).toBeTruthy();
  return /(https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+)/.exec(message!.body)![1];
}

/** The guardian confirms (through the API, as the link's page does) what the minor accepted. */
export async function guardianConfirms(page: Page, phone: string, teamNo: string) {
  const token = new URL(await guardianLink(page, phone, teamNo)).pathname.split('/').pop()!;
  const res = await page.request.post(`${apiUrl}/api/team-invitations/guardian/${token}/accept`);
  expect(res.ok(), await res.text()).toBe(true);
}
