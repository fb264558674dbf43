import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { AppError } from '../../common/app-error';
import { isMessageKey, translate, type Lang, type MessageKey } from '../../common/i18n';
import type { AppConfig } from '../../core/config';
import type { Db } from '../../core/database';
import { CONFIG, DB } from '../../core/core.module';
import { orders, refunds, type PlanSnapshot } from '../../db/schema';
import { vatCents } from '../../payments/invoice';
import { dayBound, filterDay, parseListQuery, searchCondition } from '../list-query';
import { transactionsResource } from '../resources/transactions.resource';

/** One line of the finance export: an invoice, or a credit note (its amounts negative). */
export interface FinanceLine {
  kind: 'invoice' | 'credit_note';
  number: string;
  date: Date;
  member: string;
  /** The member's national ID as the order copied it, or their e-mail when they have none (a school). */
  customerId: string;
  /** The plan as the order copied it (a team fee has none). */
  plan: PlanSnapshot | null;
  orderType: string;
  /** In cents, VAT included; negative for a credit note. */
  total: number;
  vat: number;
  currency: string;
  method: string;
  providerRef: string;
  /** A credit note's invoice. */
  invoice: string;
  /** A credit note's refund reference at the provider. */
  refundRef: string;
}

const COLUMNS: MessageKey[] = [
  'finance.csv.type',
  'finance.csv.number',
  'finance.csv.date',
  'finance.csv.member',
  'finance.csv.customer_id',
  'finance.csv.plan',
  'finance.csv.before_vat',
  'finance.csv.vat',
  'finance.csv.total',
  'finance.csv.currency',
  'finance.csv.method',
  'finance.csv.provider_ref',
  'finance.csv.invoice',
  'finance.csv.refund_ref',
];

/** A text cell: quoted, and with a leading quote when a spreadsheet would run it as a formula. */
const textCell = (value: string) => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
};
const numberCell = (centsValue: number) => (centsValue / 100).toFixed(2);
/** Digits a spreadsheet must not turn into a number (a national ID): a text cell ="…"; other text as textCell. */
const digitsCell = (value: string) => (/^\d+$/.test(value) ? `"=""${value}"""` : textCell(value));

/** The national ID the order copied, else its e-mail (a school's ID column holds 0000000000). */
const customerIdOf = (o: { nationalId: string; email: string }) =>
  o.nationalId && o.nationalId !== '0000000000' ? o.nationalId : o.email;

/** The plan's name in the export's language (the other language's when it has none); a team fee by that name. */
function planName(line: FinanceLine, lang: Lang): string {
  if (!line.plan) return line.orderType === 'team_fee' ? translate(lang, 'finance.csv.team_fee') : '';
  const [first, second] = lang === 'ar' ? [line.plan.name, line.plan.name_en] : [line.plan.name_en, line.plan.name];
  return first || second || '';
}

/** A payment method as the provider names it ("Sandbox card", "mada", "Apple Pay") in the export's language; an unknown one as it is. */
function methodName(method: string, lang: Lang): string {
  const key = `finance.method.${method
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/^applepay$/, 'apple_pay')}`;
  return isMessageKey(key) ? translate(lang, key) : method;
}

/**
 * The finance officer's export: one line per simplified tax invoice and per credit note, in date
 * order, filtered as the transactions list (status, plan, search) and by the documents' own dates
 * (`created_at_gte` / `created_at_lte`, days on the platform's clock).
 */
@Injectable()
export class FinanceService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async lines(query: Record<string, unknown>): Promise<FinanceLine[]> {
    let raw: unknown = {};
    if (typeof query.filter === 'string' && query.filter !== '') {
      try {
        raw = JSON.parse(query.filter);
      } catch {
        throw new AppError(400, 'request.bad_query', { param: 'filter' });
      }
    } else if (query.filter !== undefined && query.filter !== '') {
      throw new AppError(400, 'request.bad_query', { param: 'filter' });
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw new AppError(400, 'request.bad_query', { param: 'filter' });
    const { created_at_gte: from, created_at_lte: to, ...rest } = raw as Record<string, unknown>;
    const blank = (v: unknown) => v === undefined || v === null || v === '';
    const days = {
      gte: blank(from) ? undefined : filterDay('filter.created_at_gte', from),
      lte: blank(to) ? undefined : filterDay('filter.created_at_lte', to),
    };
    const listed = parseListQuery(transactionsResource, { filter: JSON.stringify(rest) });
    const conditions: (SQL | undefined)[] = [...listed.filters];
    conditions.push(searchCondition(transactionsResource.search, listed));
    const between = (column: typeof orders.activatedAt | typeof refunds.settledAt) =>
      and(
        days.gte ? dayBound(column, 'gte', days.gte) : undefined,
        days.lte ? dayBound(column, 'lte', days.lte) : undefined,
      );
    const [invoices, notes] = await Promise.all([
      this.db
        .select()
        .from(orders)
        .where(and(isNotNull(orders.invoiceNumber), between(orders.activatedAt), ...conditions))
        .orderBy(asc(orders.activatedAt), asc(orders.invoiceNumber)),
      this.db
        .select()
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(and(eq(refunds.status, 'settled'), between(refunds.settledAt), ...conditions))
        .orderBy(asc(refunds.settledAt), asc(refunds.creditNoteNumber)),
    ]);
    const percent = this.config.payments.vatPercent;
    const lines: FinanceLine[] = [
      ...invoices.map((o): FinanceLine => ({
        kind: 'invoice',
        number: o.invoiceNumber!,
        date: o.activatedAt!,
        member: o.customerName,
        customerId: customerIdOf(o),
        plan: o.plan ?? null,
        orderType: o.orderType,
        total: Math.round(Number(o.total) * 100),
        vat: vatCents(o.total, percent),
        currency: o.currency,
        method: o.method,
        providerRef: o.transactionRef ?? '',
        invoice: '',
        refundRef: '',
      })),
      ...notes.map(({ refunds: r, orders: o }): FinanceLine => ({
        kind: 'credit_note',
        number: r.creditNoteNumber!,
        date: r.settledAt ?? r.createdAt,
        member: o.customerName,
        customerId: customerIdOf(o),
        plan: o.plan ?? null,
        orderType: o.orderType,
        total: -Math.round(Number(r.amount) * 100),
        vat: -vatCents(r.amount, percent),
        currency: o.currency,
        method: o.method,
        providerRef: o.transactionRef ?? '',
        invoice: o.invoiceNumber ?? '',
        refundRef: r.providerRef ?? '',
      })),
    ];
    return lines.sort((a, b) => a.date.getTime() - b.date.getTime() || a.number.localeCompare(b.number));
  }

  /** The lines as CSV (UTF-8 with BOM), headers in the admin's language, amounts as plain numbers. */
  async csv(query: Record<string, unknown>, lang: Lang): Promise<string> {
    const lines = await this.lines(query);
    const head = COLUMNS.map((k) => textCell(translate(lang, k))).join(',');
    const body = lines.map((l) =>
      [
        textCell(translate(lang, l.kind === 'invoice' ? 'finance.csv.kind_invoice' : 'finance.csv.kind_credit_note')),
        textCell(l.number),
        // Riyadh time as a spreadsheet reads a date and time.
        textCell(formatRiyadh(l.date)),
        textCell(l.member),
        digitsCell(l.customerId),
        textCell(planName(l, lang)),
        numberCell(l.total - l.vat),
        numberCell(l.vat),
        numberCell(l.total),
        textCell(l.currency),
        textCell(methodName(l.method, lang)),
        textCell(l.providerRef),
        textCell(l.invoice),
        textCell(l.refundRef),
      ].join(','),
    );
    // A totals row per currency (the amounts' sums; a credit note's are negative).
    const totals = new Map<string, { total: number; vat: number }>();
    for (const l of lines) {
      const sum = totals.get(l.currency) ?? { total: 0, vat: 0 };
      totals.set(l.currency, { total: sum.total + l.total, vat: sum.vat + l.vat });
    }
    const foot = [...totals].map(([currency, sum]) =>
      [
        textCell(translate(lang, 'finance.csv.totals')),
        ...Array<string>(5).fill(''),
        numberCell(sum.total - sum.vat),
        numberCell(sum.vat),
        numberCell(sum.total),
        textCell(currency),
        ...Array<string>(4).fill(''),
      ].join(','),
    );
    return `\uFEFF${[head, ...body, ...foot].join('\r\n')}\r\n`;
  }
}

/** 'YYYY-MM-DD HH:MM:SS' on the platform's clock (Riyadh, UTC+3 all year). */
function formatRiyadh(at: Date): string {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
