import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from '../common/app-error';

export interface ExternalTeamsPage {
  teams: unknown[];
  currentPage: number;
  totalPages: number;
}

export interface ExternalResultsSettings {
  /** Host names (lower case) whose results the API may read (RESULTS_ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** Lets those hosts resolve to loopback or private addresses: tests only, refused in production. */
  allowPrivateAddresses: boolean;
  /** Origins of this platform: a results link there is served from the database, never fetched. */
  ownOrigins: string[];
}

/** Addresses a request from the API must never reach: loopback, private, link-local, unique-local, reserved. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped addresses (::ffff:a.b.c.d) are checked by the IPv4 rules above; IPv4-compatible
  // and NAT64 ones could carry any IPv4 address: refused whole.
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a results link was not read. */
type Outcome = ExternalTeamsPage | 'down' | 'refused';

class Refused extends Error {}

const MAX_BODY = 1024 * 1024;

/**
 * Reads teams from an external results site (`{site}/api/{type}/get-teams`), for events whose
 * results live elsewhere. Only the API calls it, with a timeout and a short cache, so a slow or
 * broken site costs the dashboard at most one timeout a minute and never reaches the browser.
 *
 * A results link is a request the API makes on a staff member's say-so, so it is held tight: only
 * the configured hosts, over http(s); the host's addresses are checked after DNS resolution and the
 * connection goes to the checked address (a second, rebinding answer is never asked for); redirects
 * are not followed; the body is capped; and nothing about the member is sent.
 */
export class ExternalResults {
  private readonly cache = new Map<string, { at: number; page: Outcome }>();

  constructor(
    private readonly settings: ExternalResultsSettings,
    private readonly timeoutMs = 3000,
    private readonly ttlMs = 60_000,
  ) {}

  /** Whether a results link is this platform itself (its teams are then read from the database). */
  isOwn(site: string): boolean {
    try {
      return this.settings.ownOrigins.includes(new URL(site).origin);
    } catch {
      return false;
    }
  }

  async teams(site: string, type: string, query: Record<string, string>): Promise<ExternalTeamsPage> {
    const url = `${site.replace(/\/+$/, '')}/api/${encodeURIComponent(type)}/get-teams?${new URLSearchParams(query)}`;
    const hit = this.cache.get(url);
    let page: Outcome;
    if (hit && Date.now() - hit.at < this.ttlMs) page = hit.page;
    else {
      page = await this.fetchPage(url);
      this.cache.set(url, { at: Date.now(), page });
      if (this.cache.size > 1000) this.cache.delete(this.cache.keys().next().value!);
    }
    if (page === 'refused') throw new AppError(502, 'teams.external_refused');
    if (page === 'down') throw new AppError(502, 'teams.external_down');
    return page;
  }

  /** DNS resolution that answers only an address the API may connect to. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const usable = addresses.filter((a) => this.settings.allowPrivateAddresses || !isPrivateAddress(a.address));
      if (!usable.length || usable.length !== addresses.length) {
        return callback(new Refused(`${hostname} resolves to a private address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      callback(null, usable[0].address, usable[0].family);
    });
  };

  private async fetchPage(url: string): Promise<Outcome> {
    const target = new URL(url);
    const host = target.hostname.toLowerCase();
    if (!['http:', 'https:'].includes(target.protocol) || !this.settings.allowedHosts.includes(host)) {
      return 'refused';
    }
    // An address written in the link is checked here: Node connects to it without a lookup.
    const literal = host.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !this.settings.allowPrivateAddresses && isPrivateAddress(literal)) return 'refused';
    try {
      const res = await this.get(target);
      if (res.statusCode !== 200) {
        res.resume();
        // A redirect is not followed: it could point anywhere, the API's own network included.
        return res.statusCode && res.statusCode >= 300 && res.statusCode < 400 ? 'refused' : 'down';
      }
      const body = JSON.parse(await this.read(res)) as Partial<ExternalTeamsPage>;
      if (!Array.isArray(body.teams)) return 'down';
      return {
        teams: body.teams.slice(0, 50),
        currentPage: Number(body.currentPage) || 0,
        totalPages: Number(body.totalPages) || 0,
      };
    } catch (err) {
      return err instanceof Refused ? 'refused' : 'down';
    }
  }

  private get(target: URL): Promise<IncomingMessage> {
    const options: RequestOptions = {
      method: 'GET',
      headers: { Accept: 'application/json' },
      lookup: this.lookup,
      signal: AbortSignal.timeout(this.timeoutMs),
      // No connection reuse: every request resolves and checks its address again.
      agent: false,
    };
    return new Promise((resolve, reject) => {
      const req = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, options, resolve);
      req.on('error', reject);
      req.end();
    });
  }

  private read(res: IncomingMessage): Promise<string> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY) res.destroy(new Error('results page too large'));
        else chunks.push(chunk);
      });
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('aborted')));
    });
  }
}
