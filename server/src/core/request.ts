import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import { normalizeLang, type Lang } from './validation';

/** The language of a request: its `lang` header when known, else English. */
export function headerLang(request: FastifyRequest): Lang {
  const raw = request.headers.lang;
  return normalizeLang(Array.isArray(raw) ? raw[0] : raw) ?? 'en';
}

/** The client IP (X-Forwarded-For is honoured only from trusted proxies, see TRUST_PROXY). */
export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

/**
 * Fastify's `trustProxy` for a TRUST_PROXY value: only the direct peer (hop 0) is ever trusted,
 * and only when it is one of the listed addresses or ranges. So the client address is the last
 * entry the trusted proxy appended to X-Forwarded-For; entries a client sent in front of it are
 * never believed (not even "127.0.0.1"), and any other peer's header is ignored.
 */
export function trustFunction(setting: string | false): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  const list = new net.BlockList();
  for (const part of setting.split(',').map((p) => p.trim())) {
    if (part === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    if (part === 'linklocal') {
      list.addSubnet('169.254.0.0', 16, 'ipv4');
      list.addSubnet('fe80::', 10, 'ipv6');
      continue;
    }
    if (part === 'uniquelocal') {
      for (const [net4, bits] of [
        ['10.0.0.0', 8],
        ['172.16.0.0', 12],
        ['192.168.0.0', 16],
      ] as const)
        list.addSubnet(net4, bits, 'ipv4');
      list.addSubnet('fc00::', 7, 'ipv6');
      continue;
    }
    const [address = '', bits] = part.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address, hop) => {
    if (hop !== 0) return false;
    const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
    const type = net.isIPv6(plain) ? 'ipv6' : net.isIPv4(plain) ? 'ipv4' : undefined;
    return type !== undefined && list.check(plain, type);
  };
}

/** Drops keys that could poison prototypes when objects are merged later. */
function safeJsonReviver(key: string, value: unknown): unknown {
  return key === '__proto__' || key === 'constructor' || key === 'prototype' ? undefined : value;
}

/**
 * A JSON body without those keys: the reviver (a call per value) only for a text that could hold
 * one, spelled out or escaped (`\u`); a plain order body parses natively.
 */
export function parseJsonBody(raw: string): unknown {
  const suspicious =
    raw.includes('\\u') ||
    raw.includes('__proto__') ||
    raw.includes('constructor') ||
    raw.includes('prototype');
  return suspicious ? JSON.parse(raw, safeJsonReviver) : JSON.parse(raw);
}
