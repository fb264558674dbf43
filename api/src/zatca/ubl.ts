// Loaded with the first document read, not at start (docs/testing.md, "Test time").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const xmldom = () => require('@xmldom/xmldom') as typeof import('@xmldom/xmldom');
import { platformDay } from '@platform/contract';

/**
 * ZATCA Phase 2 documents as UBL 2.1 XML (ZATCA's "E-invoicing XML implementation standard"):
 * an Invoice-2 document for invoices (type code 388) and credit notes (381), profile reporting:1.0,
 * the subtype flags (0200000 simplified, 0100000 standard), a UUID, the invoice counter value (ICV)
 * and the previous invoice hash (PIH). Written without whitespace between elements, so removing the
 * signature parts for the hash leaves exactly what was hashed.
 */

export const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sig: 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
  sac: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
  sbc: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

/** ZATCA's hash of "no previous document": base64 of the hex SHA-256 of "0". */
export const INITIAL_PIH = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

export interface Party {
  name: string;
  vatNumber?: string | null;
  /** Commercial registration number (CRN), the seller's other identifier. */
  crn?: string | null;
  /** The buyer's national ID (NAT), for a simplified invoice where known. */
  nationalId?: string | null;
  address?: {
    street: string;
    building: string;
    district: string;
    city: string;
    postalCode: string;
  } | null;
}

export interface UblDocument {
  kind: 'invoice' | 'credit_note';
  /** INV-2026-000001 or CN-2026-000001. */
  number: string;
  uuid: string;
  icv: number;
  /** The previous document's hash (base64), or INITIAL_PIH for the first. */
  pih: string;
  issuedAt: Date;
  /** simplified (B2C, reported) or standard (B2B with the buyer's VAT number, cleared). */
  profile: 'simplified' | 'standard';
  /** The credit note's invoice. */
  invoiceNumber?: string | null;
  /** A credit note's reason (KSA-10). */
  reason?: string | null;
  currency: string;
  /** The amount VAT included, e.g. "345.00". */
  total: string;
  vatPercent: number;
  itemName: string;
  /** One line per item (a school's order for several teams); without it, one line of `itemName` for `total`. */
  lines?: { name: string; total: string }[];
  seller: Party;
  buyer: Party;
}

export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const el = (name: string, content: string, attrs: Record<string, string> = {}) =>
  `<${name}${Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join('')}>${content}</${name}>`;
const text = (name: string, value: string, attrs?: Record<string, string>) => el(name, esc(value), attrs);

/** Cents of an amount written with two decimals. */
const cents = (amount: string) => Math.round(Number(amount) * 100);
const amount = (c: number) => (c / 100).toFixed(2);

/** The amounts of a document whose total includes VAT: the total, the VAT in it and the amount before VAT, in cents. */
export function amounts(total: string, vatPercent: number) {
  const gross = cents(total);
  const vat = vatPercent > 0 ? Math.round((gross * vatPercent) / (100 + vatPercent)) : 0;
  return { gross, vat, net: gross - vat };
}

/** The time of day on the platform's clock (Riyadh, UTC+3 without daylight saving). */
function platformTime(at: Date) {
  return new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(11, 19);
}

function party(p: Party, role: 'seller' | 'buyer') {
  const ids: string[] = [];
  if (role === 'seller' && p.crn) ids.push(text('cbc:ID', p.crn, { schemeID: 'CRN' }));
  if (role === 'buyer' && !p.vatNumber && p.nationalId) ids.push(text('cbc:ID', p.nationalId, { schemeID: 'NAT' }));
  const a = p.address;
  return el(
    'cac:Party',
    (ids.length ? el('cac:PartyIdentification', ids.join('')) : '') +
      (a
        ? el(
            'cac:PostalAddress',
            text('cbc:StreetName', a.street) +
              text('cbc:BuildingNumber', a.building) +
              text('cbc:CitySubdivisionName', a.district) +
              text('cbc:CityName', a.city) +
              text('cbc:PostalZone', a.postalCode) +
              el('cac:Country', text('cbc:IdentificationCode', 'SA')),
          )
        : '') +
      (p.vatNumber
        ? el('cac:PartyTaxScheme', text('cbc:CompanyID', p.vatNumber) + el('cac:TaxScheme', text('cbc:ID', 'VAT')))
        : role === 'seller'
          ? ''
          : el('cac:PartyTaxScheme', el('cac:TaxScheme', text('cbc:ID', 'VAT')))) +
      el('cac:PartyLegalEntity', text('cbc:RegistrationName', p.name)),
  );
}

export interface SignatureParts {
  /** The ext:UBLExtensions element (the XAdES signature). */
  extensions: string;
  /** The QR payload (base64 TLV). */
  qr: string;
}

/**
 * The document's XML. Without `signed` it is the hashed form (no UBLExtensions, no QR reference, no
 * cac:Signature); with it, the stamped document.
 */
/**
 * A document's lines with their amounts in cents (each line's VAT worked out from its own amount)
 * and the document's totals, their sums: what the XML and the QR both say.
 */
export function documentAmounts(d: Pick<UblDocument, 'lines' | 'itemName' | 'total' | 'vatPercent'>) {
  const items = (d.lines?.length ? d.lines : [{ name: d.itemName, total: d.total }]).map((l) => ({
    name: l.name,
    ...amounts(l.total, d.vatPercent),
  }));
  const gross = items.reduce((s, l) => s + l.gross, 0);
  const vat = items.reduce((s, l) => s + l.vat, 0);
  return { items, gross, vat, net: gross - vat };
}

export function ublXml(d: UblDocument, signed?: SignatureParts): string {
  const { items, gross, vat, net } = documentAmounts(d);
  const cur = { currencyID: d.currency };
  const money = (name: string, c: number) => text(name, amount(c), cur);
  const category = d.vatPercent > 0 ? 'S' : 'Z';
  const taxCategory = (name: string) =>
    el(
      name,
      text('cbc:ID', category) +
        text('cbc:Percent', d.vatPercent.toFixed(2)) +
        (category === 'Z' ? text('cbc:TaxExemptionReasonCode', 'VATEX-SA-35') : '') +
        el('cac:TaxScheme', text('cbc:ID', 'VAT')),
    );
  const attachment = (id: string, value: string) =>
    el(
      'cac:AdditionalDocumentReference',
      text('cbc:ID', id) +
        el('cac:Attachment', text('cbc:EmbeddedDocumentBinaryObject', value, { mimeCode: 'text/plain' })),
    );
  const body =
    (signed ? signed.extensions : '') +
    text('cbc:ProfileID', 'reporting:1.0') +
    text('cbc:ID', d.number) +
    text('cbc:UUID', d.uuid) +
    text('cbc:IssueDate', platformDay(d.issuedAt)) +
    text('cbc:IssueTime', platformTime(d.issuedAt)) +
    text('cbc:InvoiceTypeCode', d.kind === 'invoice' ? '388' : '381', {
      name: d.profile === 'simplified' ? '0200000' : '0100000',
    }) +
    text('cbc:DocumentCurrencyCode', d.currency) +
    text('cbc:TaxCurrencyCode', d.currency) +
    (d.kind === 'credit_note'
      ? el('cac:BillingReference', el('cac:InvoiceDocumentReference', text('cbc:ID', d.invoiceNumber ?? '')))
      : '') +
    el('cac:AdditionalDocumentReference', text('cbc:ID', 'ICV') + text('cbc:UUID', String(d.icv))) +
    attachment('PIH', d.pih) +
    (signed ? attachment('QR', signed.qr) : '') +
    (signed
      ? el(
          'cac:Signature',
          text('cbc:ID', 'urn:oasis:names:specification:ubl:signature:Invoice') +
            text('cbc:SignatureMethod', 'urn:oasis:names:specification:ubl:dsig:enveloped:xades'),
        )
      : '') +
    el('cac:AccountingSupplierParty', party(d.seller, 'seller')) +
    el('cac:AccountingCustomerParty', party(d.buyer, 'buyer')) +
    el('cac:Delivery', text('cbc:ActualDeliveryDate', platformDay(d.issuedAt))) +
    el(
      'cac:PaymentMeans',
      text('cbc:PaymentMeansCode', '48') +
        (d.kind === 'credit_note' && d.reason ? text('cbc:InstructionNote', d.reason) : ''),
    ) +
    el('cac:TaxTotal', money('cbc:TaxAmount', vat)) +
    el(
      'cac:TaxTotal',
      money('cbc:TaxAmount', vat) +
        el(
          'cac:TaxSubtotal',
          money('cbc:TaxableAmount', net) + money('cbc:TaxAmount', vat) + taxCategory('cac:TaxCategory'),
        ),
    ) +
    el(
      'cac:LegalMonetaryTotal',
      money('cbc:LineExtensionAmount', net) +
        money('cbc:TaxExclusiveAmount', net) +
        money('cbc:TaxInclusiveAmount', gross) +
        money('cbc:AllowanceTotalAmount', 0) +
        money('cbc:PrepaidAmount', 0) +
        money('cbc:PayableAmount', gross),
    ) +
    items
      .map((l, i) =>
        el(
          'cac:InvoiceLine',
          text('cbc:ID', String(i + 1)) +
            text('cbc:InvoicedQuantity', '1.000000', { unitCode: 'PCE' }) +
            money('cbc:LineExtensionAmount', l.net) +
            el('cac:TaxTotal', money('cbc:TaxAmount', l.vat) + money('cbc:RoundingAmount', l.gross)) +
            el('cac:Item', text('cbc:Name', l.name) + taxCategory('cac:ClassifiedTaxCategory')) +
            el('cac:Price', money('cbc:PriceAmount', l.net)),
        ),
      )
      .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    el('Invoice', body, { xmlns: NS.inv, 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc, 'xmlns:ext': NS.ext })
  );
}

/**
 * The QR payload (base64 TLV) a UBL document carries in its AdditionalDocumentReference "QR": read
 * from the XML (for a standard invoice, the one ZATCA cleared and may have stamped again). Null
 * when it has none.
 */
export function qrOfXml(xml: string): string | null {
  const doc = new (xmldom().DOMParser)().parseFromString(xml, 'text/xml');
  const refs = doc.getElementsByTagNameNS(NS.cac, 'AdditionalDocumentReference');
  for (let i = 0; i < refs.length; i++) {
    const ref = refs.item(i)!;
    const id = ref.getElementsByTagNameNS(NS.cbc, 'ID').item(0);
    if (id?.textContent?.trim() !== 'QR') continue;
    const value = ref.getElementsByTagNameNS(NS.cbc, 'EmbeddedDocumentBinaryObject').item(0)?.textContent?.trim();
    return value || null;
  }
  return null;
}
