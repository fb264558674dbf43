import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import * as apiMessages from '../src/common/i18n';

/**
 * Both languages everywhere: every translation file has the same keys in English and Arabic, no
 * empty text and the same placeholders; and no user-visible string in the back-office or the member
 * site bypasses the translation files (JSX text, text-bearing attributes, toasts).
 */
const root = join(__dirname, '..', '..');

type Tree = { [key: string]: string | Tree };

/** The back-office's and member site's catalogues, loaded through jest's transform (other projects). */
const catalogue = (path: string, name: 'en' | 'ar') =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require(join(root, path)) as Record<string, Tree>)[name];

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

/** Polyglot's `%{name}` in the back-office; `{name}` in the API and the member site. */
const POLYGLOT = /%\{(\w+)\}/g;
const BRACES = /\{(\w+)\}/g;
const placeholders = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((m) => m[1]).filter((v, i, a) => a.indexOf(v) === i);

/** What differs between the English and Arabic files: missing keys either way, empty texts, placeholders. */
export function compareLanguages(en: Tree, ar: Tree, pattern: RegExp = BRACES): string[] {
  const e = leaves(en);
  const a = leaves(ar);
  const problems: string[] = [];
  for (const key of e.keys()) if (!a.has(key)) problems.push(`only in English: ${key}`);
  for (const key of a.keys()) if (!e.has(key)) problems.push(`only in Arabic: ${key}`);
  for (const [key, text] of e) {
    const other = a.get(key);
    if (other === undefined) continue;
    // Blank on purpose only when blank in both (react-admin's ra.boolean.null).
    if (!text.trim() !== !other.trim() || !text) problems.push(`empty: ${key}`);
    const want = placeholders(text, pattern).sort().join(',');
    const got = placeholders(other, pattern).sort().join(',');
    if (want !== got) problems.push(`placeholders differ: ${key} (${want} / ${got})`);
  }
  return problems;
}

describe('the translation files', () => {
  it.each([
    ['API messages', apiMessages.en, apiMessages.ar, BRACES],
    ['back-office', catalogue('admin/src/i18n/en', 'en'), catalogue('admin/src/i18n/ar', 'ar'), POLYGLOT],
    ['member site', catalogue('member/app/i18n/en', 'en'), catalogue('member/app/i18n/ar', 'ar'), BRACES],
  ])('%s: the same keys and placeholders in English and Arabic, none empty', (_name, en, ar, pattern) => {
    expect(compareLanguages(en as unknown as Tree, ar as unknown as Tree, pattern)).toEqual([]);
  });

  it('the comparison catches a key missing on either side, an empty text and a lost placeholder', () => {
    const problems = compareLanguages(
      { a: 'A', b: { c: 'Hello %{name}' }, d: 'D', e: 'E' },
      { a: 'أ', b: { c: 'مرحبا' }, e: ' ', f: 'و' },
    );
    expect(problems).toEqual([
      'only in English: d',
      'only in Arabic: f',
      'placeholders differ: b.c (name / )',
      'empty: e',
    ]);
  });
});

/**
 * The old system's misspellings (the spec's messages, the contract's field names, the first
 * catalogues) and its `None` filler: none may come back in an English or Arabic catalogue entry.
 * Paths and addresses (anything with a slash, e.g. /embeded/login/) keep the contract's spelling.
 */
const OLD_TYPOS: RegExp[] = [
  /suucess/i,
  /\bvaild\b/i,
  /submited/i,
  /successed/i,
  /\bsomthing\b/i,
  /\b(?!annually\b)an+ual+y\b/i,
  /\b(Update|Delete|Registration|Done|Paid|Message|Updated|Saved|Uploaded) Successfully/,
  /\bsend to your\b/i,
  /\bmail send\b/i,
  /\bsure want to\b/i,
  /\bis not matched\b/i,
  /\bis not found\b/i,
  /\bwent Wrong\b/,
  /\bTry Again Later\b/,
  /\bContact Administrator\b/,
  /\bcant\b/i,
  /\bthere status\b/i,
  /\bAdd In\b/,
  /\bselections limit\b/i,
  /\bPlease (Enter|Fill)\b/,
  /\bis Not Active\b/,
  /\bSign Up failed\b/,
  /\bUnknown Error\b/,
  /\bEntity information\b/,
  /\bExpired Please\b/,
  /\b(Elementry|Jonior|Refree|achivements?|pexperince|certifcates?|tearm|orignal|pirce|competion|resultes|skilles|subcri\w*|transections?|embeded|thanksyou)\b/i,
  // The filler itself, in English ('None' as a word) and in Arabic as it was written for it.
  /\bNone\b/,
  /^لا يوجد$/,
  // Arabic: hamza dropped where it belongs, the old catalogues' usual slip, and one spelling of megabyte.
  /(^|\s)(الى|انشاء|اعادة|اضافة|ادخال|الغاء|الالكتروني|اسم المستخدم او)(\s|$)/,
  /ميجابايت/,
];

/** The old typos a catalogue entry carries (an empty list when it is clean). */
export function oldTypos(text: string): string[] {
  const words = text.replace(/\S*\/\S*/g, ' ');
  return OLD_TYPOS.filter((pattern) => pattern.test(words)).map(String);
}

describe('no catalogue entry carries an old typo or the None filler', () => {
  it.each([
    ['API messages', apiMessages.en, apiMessages.ar],
    ['back-office', catalogue('admin/src/i18n/en', 'en'), catalogue('admin/src/i18n/ar', 'ar')],
    ['member site', catalogue('member/app/i18n/en', 'en'), catalogue('member/app/i18n/ar', 'ar')],
  ])('%s, in English and Arabic', (_name, en, ar) => {
    const found = [...leaves(en as unknown as Tree), ...leaves(ar as unknown as Tree)].flatMap(([key, text]) =>
      oldTypos(text).map((typo) => `${key}: "${text}" matches ${typo}`),
    );
    expect(found).toEqual([]);
  });

  it("the list catches every misspelled message of the spec, and leaves the corrected ones and the contract's paths alone", () => {
    const spec = [
      'Sign in Suucessfully!',
      'Sign out Suucessfully!',
      'Registration Successfully!',
      'Please Enter a Vaild Phone Number',
      'Password is not matched',
      'Verification Code Send to your Phone Number',
      'Verification Done Successfully',
      'Reset Password Mail send to your email!',
      'Registration Request Submited Successfully!',
      'Payment Paid Successfully!',
      'Profile Picture Update Successfully!',
      'Password Update Successfully',
      'Profile Update Successfully',
      'Billed Annualy',
      'Successed',
      'Are you sure want to Delete?',
      'Are you sure want to delete?',
      'Somthing went Wrong! Try Again Later or Contact Administrator',
      'Team is Not Active',
      'Please add Entity information',
      'Sign Up failed',
      'User is not Found',
      'Invoice is not Found!',
      'Your Subscription is not active or Expired Please check from the provider!',
      'Status is Updated Successfully!',
      'Events Delete Successfully!',
      'Send Message Successfully!',
      'Admin cant change there status',
      'File selections limit is exceeded',
      'Add In Project (%{count})',
      'Rank: None',
      'حجم الملف حتى 5 ميجابايت',
      'تم الارسال الى بريدك',
    ];
    expect(spec.filter((text) => oldTypos(text).length === 0)).toEqual([]);
    const fixed = [
      'Signed in successfully!',
      'Billed annually',
      'Something went wrong! Try again later or contact the administrator',
      'Please enter a valid phone number',
      'Verification code sent to your phone number',
      'Registration request submitted successfully!',
      'Paid',
      'Are you sure you want to delete?',
      'Not ranked yet',
      'Letters, digits, dot, dash or underscore. The page is /embeded/login/{client id}/{key}',
      'تم الإرسال إلى بريدك',
    ];
    expect(fixed.flatMap(oldTypos)).toEqual([]);
  });
});

/** Props whose text a user reads (react-admin takes translation keys in `label`, which are allowed). */
const TEXT_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'aria-label',
  'alt',
  'helperText',
  'emptyText',
  'tooltip',
  'primaryText',
  'secondaryText',
  'tertiaryText',
]);
/** Text that is the same in every language: the brand and the CSV column names an admin types. */
const SAME_IN_EVERY_LANGUAGE = new Set(['WRO', 'team_no', 'score', 'ranked']);
// Resource names may have a dash (resources.event-days.…).
const isKey = (text: string) => /^[a-z_]+(\.[a-zA-Z0-9_-]+)+$/.test(text);
const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text.trim());

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'i18n' && name !== 'node_modules') sourceFiles(path, out);
    } else if (/\.tsx$/.test(name)) out.push(path);
  }
  return out;
}

/** Every user-visible literal in the TSX of a source file that is not a translation key. */
export function untranslated(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node) =>
    `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const literal = (node: ts.Node | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.getText())) found.push(`${at(node)} text "${node.getText().trim()}"`);
    if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent)) {
      const value = literal(node.expression);
      if (value !== undefined && hasWords(value) && !isKey(value)) found.push(`${at(node)} text "${value}"`);
    }
    if (ts.isJsxAttribute(node) && TEXT_PROPS.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const value = literal(ts.isJsxExpression(init) ? init.expression : init);
      if (value !== undefined && hasWords(value) && !isKey(value))
        found.push(`${at(node)} ${node.name.getText()}="${value}"`);
    }
    // notify('…') takes a translation key; a sentence there is shown as is.
    if (ts.isCallExpression(node) && node.expression.getText() === 'notify') {
      const value = literal(node.arguments[0]);
      if (value !== undefined && !isKey(value)) found.push(`${at(node)} notify("${value}")`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no user-visible string bypasses the translation files', () => {
  it('in the back-office and the member site', () => {
    const files = [...sourceFiles(join(root, 'admin', 'src')), ...sourceFiles(join(root, 'member', 'app'))];
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => untranslated(f, readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the detector finds text, attributes and toasts written in place', () => {
    const found = untranslated(
      join(root, 'x.tsx'),
      `export const A = () => {
        notify('Saved!');
        notify('ra.notification.updated');
        return (
          <Box title="Welcome" aria-label="app.menu.open">
            Hello there
            {'مرحبا'}
            <TextInput source="name" label="resources.users.fields.name" />
            <img alt="Team photo" />
            WRO
          </Box>
        );
      };`,
    );
    expect(found).toEqual([
      'x.tsx:2 notify("Saved!")',
      'x.tsx:5 title="Welcome"',
      'x.tsx:6 text "Hello there"',
      'x.tsx:7 text "مرحبا"',
      'x.tsx:9 alt="Team photo"',
    ]);
  });
});
