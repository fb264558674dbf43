import { createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { CertificationRequest, CertificationRequestInfo, Attributes } from '@peculiar/asn1-csr';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  DirectoryString,
  Extension,
  Extensions,
  GeneralName,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  id_ce_subjectAltName,
} from '@peculiar/asn1-x509';

/**
 * The unit's key pair, its certificate signing request with ZATCA's subject fields, and what the
 * stamp needs from the certificate ZATCA issues (CSID). ASN.1 by @peculiar/asn1-*; the signatures
 * by node:crypto, which has secp256k1 (WebCrypto has not).
 */

const ECDSA_SHA256 = '1.2.840.10045.4.3.2';
const EXTENSION_REQUEST = '1.2.840.113549.1.9.14';
/** Microsoft's certificate template name extension, which ZATCA reads for the environment. */
const TEMPLATE_NAME = '1.3.6.1.4.1.311.20.2';
const OID: Record<string, string> = {
  C: '2.5.4.6',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  CN: '2.5.4.3',
  SN: '2.5.4.4',
  UID: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  DC: '0.9.2342.19200300.100.1.25',
};
const NAME_OF = Object.fromEntries(Object.entries(OID).map(([k, v]) => [v, k]));

export function generateStampKey(): KeyObject {
  return generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey;
}

function name(fields: [string, string][]) {
  return new Name(
    fields.map(
      ([k, v]) =>
        new RelativeDistinguishedName([
          new AttributeTypeAndValue({
            type: OID[k],
            value: new AttributeValue(k === 'C' ? { printableString: v } : { utf8String: v }),
          }),
        ]),
    ),
  );
}

/** RFC 4514-like text of a name, most significant last as certificates show it (CN=…, O=…, C=SA). */
export function nameText(n: Name): string {
  return [...n]
    .reverse()
    .flatMap((rdn) => [...rdn].map((a) => `${NAME_OF[a.type] ?? a.type}=${a.value.toString()}`))
    .join(', ');
}

function spki(key: KeyObject) {
  const pub = key.type === 'public' ? key : createPublicKey(key);
  return AsnConvert.parse(pub.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo);
}

/** The fields ZATCA asks for in the CSR (Fatoora portal guide, "CSR configuration"). */
export interface CsrFields {
  /** CN: the unit's unique name. */
  commonName: string;
  /** O: the taxpayer's name. */
  organization: string;
  /** OU: the branch (or the group member's TIN). */
  organizationUnit: string;
  /** UID: the VAT number (15 digits). */
  vatNumber: string;
  /** SN: 1-solution name|2-version|3-unit serial. */
  serial: string;
  /** title: the invoice types the unit issues, 4 digits (standard, simplified, 0, 0): 1100. */
  invoiceTypes: string;
  registeredAddress: string;
  businessCategory: string;
  /** ZATCA-Code-Signing (production), PREZATCA-Code-Signing (simulation), TSTZATCA-Code-Signing (sandbox). */
  template: string;
}

function csrExtensions(f: CsrFields) {
  const template = AsnConvert.serialize(new DirectoryString({ printableString: f.template }));
  const san = new SubjectAlternativeName([
    new GeneralName({
      directoryName: name([
        ['SN', f.serial],
        ['UID', f.vatNumber],
        ['title', f.invoiceTypes],
        ['registeredAddress', f.registeredAddress],
        ['businessCategory', f.businessCategory],
      ]),
    }),
  ]);
  return new Extensions([
    new Extension({ extnID: TEMPLATE_NAME, critical: false, extnValue: new OctetString(template) }),
    new Extension({
      extnID: id_ce_subjectAltName,
      critical: false,
      extnValue: new OctetString(AsnConvert.serialize(san)),
    }),
  ]);
}

const pem = (label: string, der: ArrayBuffer | Buffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der as ArrayBuffer)
    .toString('base64')
    .replace(/.{64}/g, '$&\n')
    .replace(/\n$/, '')}\n-----END ${label}-----\n`;

/** A PKCS#10 request signed by the key; Fatoora takes it as base64 of this PEM. */
export function createCsr(key: KeyObject, f: CsrFields): string {
  const info = new CertificationRequestInfo({
    version: 0,
    subject: name([
      ['C', 'SA'],
      ['OU', f.organizationUnit],
      ['O', f.organization],
      ['CN', f.commonName],
    ]),
    subjectPKInfo: spki(key),
    attributes: new Attributes([
      new Attribute({ type: EXTENSION_REQUEST, values: [AsnConvert.serialize(csrExtensions(f))] }),
    ]),
  });
  const signature = sign('sha256', Buffer.from(AsnConvert.serialize(info)), key);
  const csr = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ECDSA_SHA256 }),
    signature: new Uint8Array(signature).buffer,
  });
  return pem('CERTIFICATE REQUEST', AsnConvert.serialize(csr));
}

/** A CSR's subject and public key (what a CA reads from it), its signature checked. */
export function readCsr(pemText: string) {
  const der = Buffer.from(pemText.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  const csr = AsnConvert.parse(der, CertificationRequest);
  const info = csr.certificationRequestInfo;
  const publicKey = createPublicKey({
    key: Buffer.from(AsnConvert.serialize(info.subjectPKInfo)),
    format: 'der',
    type: 'spki',
  });
  const raw = csr.certificationRequestInfoRaw ?? AsnConvert.serialize(info);
  const valid = verify('sha256', Buffer.from(raw), publicKey, Buffer.from(csr.signature));
  const ext = info.attributes.find((a) => a.type === EXTENSION_REQUEST);
  const extensions = ext ? AsnConvert.parse(ext.values[0], Extensions) : new Extensions();
  const san = extensions.find((e) => e.extnID === id_ce_subjectAltName);
  const sanName = san ? AsnConvert.parse(san.extnValue.buffer, SubjectAlternativeName)[0]?.directoryName : undefined;
  return {
    valid,
    subject: info.subject,
    subjectText: nameText(info.subject),
    san: sanName ? nameText(sanName) : '',
    extensions,
    publicKey,
  };
}

/**
 * A certificate's serial number: random, positive and in minimal DER, so its first byte is 0x01–0x7f.
 * A first byte of 0x00 is padding DER allows only before a byte whose top bit is set; one serial in
 * 256 had it otherwise, and OpenSSL refused the whole certificate ("unsupported").
 */
export function certificateSerial(random: Buffer = randomBytes(12)): Buffer {
  const serial = Buffer.from(random);
  serial[0] = serial[0] & 0x7f || 0x01;
  return serial;
}

/** Issues a certificate for a CSR (the fake Fatoora's CA; real ones come from ZATCA). Base64 DER. */
export function issueCertificate(
  csrPem: string,
  ca: { key: KeyObject; name: string },
  validity: { from: Date; to: Date },
): string {
  const csr = readCsr(csrPem);
  if (!csr.valid) throw new Error('the CSR signature does not verify');
  const issuer = name([
    ['DC', 'local'],
    ['CN', ca.name],
  ]);
  const tbs = new TBSCertificate({
    version: 2,
    serialNumber: new Uint8Array(certificateSerial()).buffer,
    signature: new AlgorithmIdentifier({ algorithm: ECDSA_SHA256 }),
    issuer,
    validity: new Validity({ notBefore: validity.from, notAfter: validity.to }),
    subject: csr.subject,
    subjectPublicKeyInfo: spki(csr.publicKey),
    extensions: csr.extensions,
  });
  const signature = sign('sha256', Buffer.from(AsnConvert.serialize(tbs)), ca.key);
  const cert = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: ECDSA_SHA256 }),
    signatureValue: new Uint8Array(signature).buffer,
  });
  return Buffer.from(AsnConvert.serialize(cert)).toString('base64');
}

export interface StampCertificate {
  /** The certificate, base64 DER (as in X509Certificate and the binarySecurityToken's payload). */
  base64: string;
  issuer: string;
  subject: string;
  /** The serial number in decimal. */
  serialNumber: string;
  /** The public key as DER SubjectPublicKeyInfo (QR tag 8). */
  publicKeyDer: Buffer;
  publicKey: KeyObject;
  /** The CA's signature of the certificate (QR tag 9). */
  signature: Buffer;
  tbs: Buffer;
  notBefore: Date;
  notAfter: Date;
}

/** Reads a certificate given as base64 DER (or ZATCA's binarySecurityToken, base64 of that base64). */
export function parseCertificate(value: string): StampCertificate {
  let base64 = value.replace(/-----[^-]+-----|\s/g, '');
  if (base64.startsWith('TUlJ')) base64 = Buffer.from(base64, 'base64').toString('ascii');
  const der = Buffer.from(base64, 'base64');
  const cert = AsnConvert.parse(der, Certificate);
  const tbs = cert.tbsCertificate;
  const publicKeyDer = Buffer.from(AsnConvert.serialize(tbs.subjectPublicKeyInfo));
  return {
    base64,
    issuer: nameText(tbs.issuer),
    subject: nameText(tbs.subject),
    serialNumber: BigInt(`0x${Buffer.from(tbs.serialNumber).toString('hex') || '0'}`).toString(10),
    publicKeyDer,
    publicKey: createPublicKey({ key: publicKeyDer, format: 'der', type: 'spki' }),
    signature: Buffer.from(cert.signatureValue),
    tbs: Buffer.from(cert.tbsCertificateRaw ?? AsnConvert.serialize(tbs)),
    notBefore: tbs.validity.notBefore.getTime(),
    notAfter: tbs.validity.notAfter.getTime(),
  };
}
