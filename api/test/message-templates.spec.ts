import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { templateBody, whatsappTemplatesDoc } from '../src/outbox/template-doc';
import { countedDays, MESSAGES, render, type MessageDef, type MessageKind } from '../src/outbox/templates';

const kinds = Object.entries(MESSAGES) as [MessageKind, MessageDef][];

describe('the message catalogue', () => {
  it.each(kinds)('%s: both languages use exactly its parameters, and render with values', (kind, d) => {
    for (const lang of ['ar', 'en'] as const) {
      const used = new Set([...`${d.subject[lang]} ${d.body[lang]}`.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]));
      expect([...used].sort()).toEqual([...d.params].sort());
      const values = Object.fromEntries(d.params.map((p) => [p, `<${p}>`]));
      const m = render(kind, lang, values);
      expect(m.body).not.toMatch(/\{[a-z_]+\}/);
      expect(m.params).toEqual(d.params.map((p) => `<${p}>`));
    }
  });

  it.each(kinds.filter(([, d]) => d.whatsapp && d.category !== 'authentication'))(
    '%s: a template Meta accepts (no parameter at either end, none side by side, at most 1,024 characters)',
    (_kind, d) => {
      for (const lang of ['ar', 'en'] as const) {
        const body = templateBody(d, lang);
        expect(body.length).toBeLessThanOrEqual(1024);
        expect(body.trim()).not.toMatch(/^\{\{\d+\}\}|\{\{\d+\}\}$/);
        expect(body).not.toMatch(/\}\}\s*\{\{/);
      }
    },
  );

  it('refuses a message without one of its values', () => {
    expect(() => render('team_approved', 'ar', { name: 'x', team_no: '1' })).toThrow(/competition/);
  });

  it('makes a value a template parameter WhatsApp accepts: one line, no runs of spaces', () => {
    const m = render('team_rejected', 'en', {
      name: 'A',
      team_no: '1',
      competition: 'C',
      reason: 'line one\n\n  line\ttwo',
    });
    expect(m.params[3]).toBe('line one line two');
    expect(m.body).toContain('line one\n\n  line\ttwo');
  });

  it('counts days as Arabic counts them', () => {
    expect([1, 2, 3, 10, 11, 100].map((n) => countedDays('ar', n))).toEqual([
      'يومًا واحدًا',
      'يومين',
      '3 أيام',
      '10 أيام',
      '11 يومًا',
      '100 يوم',
    ]);
    expect(countedDays('en', 1)).toBe('1 day');
  });

  it('docs/whatsapp-templates.md is the catalogue as it is (UPDATE_DOCS=1 rewrites it)', () => {
    const file = join(__dirname, '../../docs/whatsapp-templates.md');
    const doc = whatsappTemplatesDoc();
    if (process.env.UPDATE_DOCS) writeFileSync(file, doc);
    expect(readFileSync(file, 'utf8')).toBe(doc);
  });
});
