import { createHash, createSign, createVerify, type KeyObject } from 'node:crypto';
// The XML libraries are loaded with the first stamp, not at start (docs/testing.md, "Test time").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const xmldom = () => require('@xmldom/xmldom') as typeof import('@xmldom/xmldom');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const xmlCrypto = () => require('xml-crypto') as typeof import('xml-crypto');
import { documentAmounts, esc, NS, ublXml, type UblDocument } from './ubl';
import { parseCertificate, type StampCertificate } from './certificates';

/**
 * The cryptographic stamp of ZATCA Phase 2: the invoice hash, the ECDSA (secp256k1) signature in a
 * XAdES enveloped block inside UBLExtensions, and the QR code's nine TLV tags.
 */

type XmlNode = {
  localName: string | null;
  namespaceURI: string | null;
  parentNode: XmlNode | null;
  childNodes: ArrayLike<XmlNode>;
  textContent: string | null;
  removeChild(n: XmlNode): void;
};

const children = (n: XmlNode) => Array.from(n.childNodes);
const isEl = (n: XmlNode, ns: string, local: string) => n.namespaceURI === ns && n.localName === local;

function parse(xml: string) {
  const doc = new (xmldom().DOMParser)().parseFromString(xml, 'text/xml');
  if (!doc.documentElement) throw new Error('not an XML document');
  return doc as unknown as { documentElement: XmlNode };
}

/**
 * The document's hash as ZATCA's SDK makes it: the XML without ext:UBLExtensions, cac:Signature and
 * the QR AdditionalDocumentReference, canonicalised (C14N), SHA-256, base64.
 */
export function invoiceHash(xml: string): string {
  const root = parse(xml).documentElement;
  for (const child of children(root)) {
    const qr =
      isEl(child, NS.cac, 'AdditionalDocumentReference') &&
      children(child).some((c) => isEl(c, NS.cbc, 'ID') && c.textContent === 'QR');
    if (isEl(child, NS.ext, 'UBLExtensions') || isEl(child, NS.cac, 'Signature') || qr) root.removeChild(child);
  }
  const canonical = new (xmlCrypto().C14nCanonicalization)().process(root as never, {});
  return createHash('sha256').update(canonical, 'utf8').digest('base64');
}

/** ECDSA with SHA-256 over the hash's 32 bytes, DER-encoded, as ZATCA's SDK signs. */
export function signHash(hash: string, key: KeyObject): Buffer {
  return createSign('sha256').update(Buffer.from(hash, 'base64')).sign(key);
}

export function verifyHash(hash: string, signature: Buffer, publicKey: KeyObject): boolean {
  return createVerify('sha256').update(Buffer.from(hash, 'base64')).verify(publicKey, signature);
}

/** ZATCA's QR: tag byte, length byte, value; tags 1–5 text, 6 hash and 7 signature as base64 text, 8 and 9 bytes. */
export function tlvQr(values: (string | Buffer)[]): string {
  return Buffer.concat(
    values.map((value, i) => {
      const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
      if (bytes.length > 255) throw new Error(`ZATCA QR tag ${i + 1} is longer than 255 bytes`);
      return Buffer.concat([Buffer.from([i + 1, bytes.length]), bytes]);
    }),
  ).toString('base64');
}

/** The TLV tags of a QR payload, each as bytes. */
export function readTlv(base64: string): Map<number, Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  const tags = new Map<number, Buffer>();
  for (let i = 0; i + 2 <= bytes.length;) {
    const length = bytes[i + 1];
    tags.set(bytes[i], bytes.subarray(i + 2, i + 2 + length));
    i += 2 + length;
  }
  return tags;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();
/** ZATCA digests the certificate and the signed properties as base64 of the hex SHA-256. */
const hexDigest = (data: string | Buffer) => Buffer.from(sha256(data).toString('hex')).toString('base64');
const isoSeconds = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, '');

function signedProperties(signingTime: Date, cert: StampCertificate) {
  return (
    `<xades:SignedProperties xmlns:xades="${NS.xades}" Id="xadesSignedProperties">` +
    '<xades:SignedSignatureProperties>' +
    `<xades:SigningTime>${isoSeconds(signingTime)}</xades:SigningTime>` +
    '<xades:SigningCertificate><xades:Cert><xades:CertDigest>' +
    `<ds:DigestMethod xmlns:ds="${NS.ds}" Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>` +
    `<ds:DigestValue xmlns:ds="${NS.ds}">${hexDigest(cert.base64)}</ds:DigestValue>` +
    '</xades:CertDigest><xades:IssuerSerial>' +
    `<ds:X509IssuerName xmlns:ds="${NS.ds}">${esc(cert.issuer)}</ds:X509IssuerName>` +
    `<ds:X509SerialNumber xmlns:ds="${NS.ds}">${cert.serialNumber}</ds:X509SerialNumber>` +
    '</xades:IssuerSerial></xades:Cert></xades:SigningCertificate>' +
    '</xades:SignedSignatureProperties></xades:SignedProperties>'
  );
}

function extensions(hash: string, signature: Buffer, signingTime: Date, cert: StampCertificate) {
  const props = signedProperties(signingTime, cert);
  const xpath = (expr: string) =>
    `<ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116"><ds:XPath>${expr}</ds:XPath></ds:Transform>`;
  const dsig =
    `<ds:Signature xmlns:ds="${NS.ds}" Id="signature"><ds:SignedInfo>` +
    '<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>' +
    '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>' +
    '<ds:Reference Id="invoiceSignedData" URI=""><ds:Transforms>' +
    xpath('not(//ancestor-or-self::ext:UBLExtensions)') +
    xpath('not(//ancestor-or-self::cac:Signature)') +
    xpath("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])") +
    '<ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/></ds:Transforms>' +
    '<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>' +
    `<ds:DigestValue>${hash}</ds:DigestValue></ds:Reference>` +
    '<ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">' +
    '<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>' +
    `<ds:DigestValue>${hexDigest(props)}</ds:DigestValue></ds:Reference></ds:SignedInfo>` +
    `<ds:SignatureValue>${signature.toString('base64')}</ds:SignatureValue>` +
    `<ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert.base64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>` +
    `<ds:Object><xades:QualifyingProperties xmlns:xades="${NS.xades}" Target="signature">${props}</xades:QualifyingProperties></ds:Object>` +
    '</ds:Signature>';
  return (
    '<ext:UBLExtensions><ext:UBLExtension>' +
    '<ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>' +
    `<ext:ExtensionContent><sig:UBLDocumentSignatures xmlns:sig="${NS.sig}" xmlns:sac="${NS.sac}" xmlns:sbc="${NS.sbc}">` +
    '<sac:SignatureInformation><cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>' +
    '<sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>' +
    dsig +
    '</sac:SignatureInformation></sig:UBLDocumentSignatures></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>'
  );
}

export interface Stamped {
  xml: string;
  hash: string;
  signature: string;
  qr: string;
}

/** Stamps a document: its hash, the signature by the unit's key, the XAdES block and the 9-tag QR. */
export function stamp(
  d: UblDocument,
  credentials: { privateKey: KeyObject; certificate: string },
  signingTime: Date = new Date(),
): Stamped {
  const cert = parseCertificate(credentials.certificate);
  const hash = invoiceHash(ublXml(d));
  const signature = signHash(hash, credentials.privateKey);
  const { gross, vat } = documentAmounts(d);
  const qr = tlvQr([
    d.seller.name,
    d.seller.vatNumber ?? '',
    `${d.issuedAt.toISOString().slice(0, 19)}Z`,
    (gross / 100).toFixed(2),
    (vat / 100).toFixed(2),
    hash,
    signature.toString('base64'),
    cert.publicKeyDer,
    cert.signature,
  ]);
  const xml = ublXml(d, { extensions: extensions(hash, signature, signingTime, cert), qr });
  if (invoiceHash(xml) !== hash) throw new Error('the stamped document does not hash as the unsigned one');
  return { xml, hash, signature: signature.toString('base64'), qr };
}

/** What a verifier reads back from a stamped document. */
export function readStamped(xml: string) {
  const pick = (re: RegExp) => re.exec(xml)?.[1] ?? null;
  return {
    hash: invoiceHash(xml),
    digest: pick(/<ds:Reference Id="invoiceSignedData" URI="">.*?<ds:DigestValue>([^<]+)<\/ds:DigestValue>/s),
    signature: pick(/<ds:SignatureValue>([^<]+)<\/ds:SignatureValue>/),
    certificate: pick(/<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/),
    qr: pick(/<cbc:ID>QR<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</),
    pih: pick(/<cbc:ID>PIH<\/cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</),
    icv: Number(pick(/<cbc:ID>ICV<\/cbc:ID><cbc:UUID>(\d+)<\/cbc:UUID>/)),
    uuid: pick(/<cbc:UUID>([0-9a-f-]{36})<\/cbc:UUID>/),
  };
}
